import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  ApiError, CurrentAuth, RequireScopes, UseErrorArea, type AuthContext,
} from '@shipledger/platform';
import { ACCOUNT_STATUSES, toCarrierAccountResponse, type CarrierAccountResponse, type CarrierAccountStatus } from './carrier-account';
import { CarrierAccountRequestBodyDto, CarrierAccountResponseDto } from './carrier-account.openapi';
import { parseCarrierAccountRequest } from './carrier-account.request';
import { CarrierAccountService } from './carrier-account.service';

@ApiTags('carrier-accounts')
@Controller('carrier-accounts')
@UseErrorArea('shipping')
export class CarrierAccountsController {
  constructor(private readonly service: CarrierAccountService) {}

  @Get()
  @RequireScopes('read:configuration')
  @ApiOperation({ summary: 'List the carrier accounts (all but deleted ones unless status says)' })
  @ApiQuery({ name: 'status', required: false, enum: ACCOUNT_STATUSES })
  @ApiOkResponse({ type: [CarrierAccountResponseDto] })
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
  @ApiOperation({ summary: 'Create a carrier account' })
  @ApiBody({ type: CarrierAccountRequestBodyDto })
  @ApiCreatedResponse({ type: CarrierAccountResponseDto })
  async create(@CurrentAuth() auth: AuthContext, @Body() body: unknown): Promise<CarrierAccountResponse> {
    return toCarrierAccountResponse(await this.service.create(auth.tenantId, parseCarrierAccountRequest(body)));
  }

  @Get(':carrierAccountId')
  @RequireScopes('read:configuration')
  @ApiOperation({ summary: 'One carrier account' })
  @ApiOkResponse({ type: CarrierAccountResponseDto })
  async get(@CurrentAuth() auth: AuthContext, @Param('carrierAccountId') id: string): Promise<CarrierAccountResponse> {
    return toCarrierAccountResponse(await this.service.get(auth.tenantId, id));
  }

  @Put(':carrierAccountId')
  @RequireScopes('update:configuration')
  @ApiOperation({ summary: 'Replace a carrier account (properties sent back masked keep their values)' })
  @ApiBody({ type: CarrierAccountRequestBodyDto })
  @ApiOkResponse({ type: CarrierAccountResponseDto })
  async replace(
    @CurrentAuth() auth: AuthContext, @Param('carrierAccountId') id: string, @Body() body: unknown,
  ): Promise<CarrierAccountResponse> {
    return toCarrierAccountResponse(await this.service.replace(auth.tenantId, id, parseCarrierAccountRequest(body)));
  }

  @Delete(':carrierAccountId')
  @RequireScopes('update:configuration')
  @ApiOperation({ summary: 'Delete a carrier account (kept with status deleted)' })
  @ApiOkResponse({ type: CarrierAccountResponseDto })
  async delete(@CurrentAuth() auth: AuthContext, @Param('carrierAccountId') id: string): Promise<CarrierAccountResponse> {
    return toCarrierAccountResponse(await this.service.delete(auth.tenantId, id));
  }
}
