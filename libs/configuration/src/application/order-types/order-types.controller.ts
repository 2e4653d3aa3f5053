import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentAuth, RequireScopes, UseErrorArea, type AuthContext } from '@shipledger/platform';
import { toConfigurationFields } from '../shared/configuration-fields';
import { OrderTypeResponseDto } from '../shared/configuration-responses.dto';
import { ConfigurationService } from '../shared/configuration.service';
import { OrderTypeRequestDto } from './order-type.request.dto';

type Response = Record<string, unknown>;

/** /order-types: the order type codes orders may name. */
@ApiTags('configuration')
@Controller('order-types')
@UseErrorArea('shipping')
export class OrderTypesController {
  constructor(private readonly configuration: ConfigurationService) {}

  @Get()
  @RequireScopes('read:configuration')
  @ApiOperation({ summary: 'The tenant\'s order types (not deleted), newest first' })
  @ApiOkResponse({ type: [OrderTypeResponseDto] })
  list(@CurrentAuth() auth: AuthContext): Promise<Response[]> {
    return this.configuration.list('order_type', auth);
  }

  @Post()
  @HttpCode(201)
  @RequireScopes('create:configuration')
  @ApiCreatedResponse({ type: OrderTypeResponseDto })
  create(@CurrentAuth() auth: AuthContext, @Body() body: OrderTypeRequestDto): Promise<Response> {
    return this.configuration.create('order_type', auth, toConfigurationFields('order_type', body));
  }

  @Get(':orderTypeId')
  @RequireScopes('read:configuration')
  @ApiOkResponse({ type: OrderTypeResponseDto, description: 'a deleted one answers with deleted: true' })
  get(@CurrentAuth() auth: AuthContext, @Param('orderTypeId') id: string): Promise<Response> {
    return this.configuration.get('order_type', auth, id);
  }

  @Put(':orderTypeId')
  @RequireScopes('update:configuration')
  @ApiOperation({ summary: 'Sets the fields given and clears the others; code never changes' })
  @ApiOkResponse({ type: OrderTypeResponseDto })
  replace(@CurrentAuth() auth: AuthContext, @Param('orderTypeId') id: string, @Body() body: OrderTypeRequestDto): Promise<Response> {
    return this.configuration.replace('order_type', auth, id, toConfigurationFields('order_type', body));
  }

  @Delete(':orderTypeId')
  @RequireScopes('delete:configuration')
  @ApiOperation({ summary: 'Deletes it for good; answers the object with deleted: true' })
  @ApiOkResponse({ type: OrderTypeResponseDto })
  delete(@CurrentAuth() auth: AuthContext, @Param('orderTypeId') id: string): Promise<Response> {
    return this.configuration.delete('order_type', auth, id);
  }
}
