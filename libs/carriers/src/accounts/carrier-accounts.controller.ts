import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  ApiError, CurrentAuth, RequireScopes, UseErrorArea, type AuthContext,
} from '@shipledger/platform';
import { ACCOUNT_STATUSES, toCarrierAccountResponse, type CarrierAccountResponse, type CarrierAccountStatus } from './carrier-account';
import { parseCarrierAccountRequest } from './carrier-account.request';
import { CarrierAccountService } from './carrier-account.service';

@ApiTags('carrier-accounts')
@Controller('carrier-accounts')
@UseErrorArea('shipping')
export class CarrierAccountsController {
  constructor(private readonly service: CarrierAccountService) {}

  @Get()
  @RequireScopes('read:configuration')
  async list(@CurrentAuth() auth: AuthContext, @Query('status') status?: string): Promise<CarrierAccountResponse[]> {
    if (status !== undefined && !(ACCOUNT_STATUSES as readonly string[]).includes(status)) {
      throw ApiError.badRequest('status : must be one of active, inactive, deleted');
    }
    const accounts = await this.service.list(auth.tenantId, status as CarrierAccountStatus | undefined);
    return accounts.map(toCarrierAccountResponse);
  }

  @Post()
  @HttpCode(201)
  @RequireScopes('create:configuration')
  async create(@CurrentAuth() auth: AuthContext, @Body() body: unknown): Promise<CarrierAccountResponse> {
    return toCarrierAccountResponse(await this.service.create(auth.tenantId, parseCarrierAccountRequest(body)));
  }

  @Get(':carrierAccountId')
  @RequireScopes('read:configuration')
  async get(@CurrentAuth() auth: AuthContext, @Param('carrierAccountId') id: string): Promise<CarrierAccountResponse> {
    return toCarrierAccountResponse(await this.service.get(auth.tenantId, id));
  }

  @Put(':carrierAccountId')
  @RequireScopes('update:configuration')
  async replace(
    @CurrentAuth() auth: AuthContext, @Param('carrierAccountId') id: string, @Body() body: unknown,
  ): Promise<CarrierAccountResponse> {
    return toCarrierAccountResponse(await this.service.replace(auth.tenantId, id, parseCarrierAccountRequest(body)));
  }

  @Delete(':carrierAccountId')
  @RequireScopes('update:configuration')
  async delete(@CurrentAuth() auth: AuthContext, @Param('carrierAccountId') id: string): Promise<CarrierAccountResponse> {
    return toCarrierAccountResponse(await this.service.delete(auth.tenantId, id));
  }
}
