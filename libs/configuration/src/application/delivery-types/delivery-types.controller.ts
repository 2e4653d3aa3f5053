import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentAuth, RequireScopes, UseErrorArea, type AuthContext } from '@shipledger/platform';
import { toConfigurationFields } from '../shared/configuration-fields';
import { DeliveryTypeResponseDto } from '../shared/configuration-responses.dto';
import { ConfigurationService } from '../shared/configuration.service';
import { DeliveryTypeRequestDto } from './delivery-type.request.dto';

type Response = Record<string, unknown>;

/** /delivery-types: the delivery type codes shipments and orders may name besides the built-in ones. */
@ApiTags('configuration')
@Controller('delivery-types')
@UseErrorArea('shipping')
export class DeliveryTypesController {
  constructor(private readonly configuration: ConfigurationService) {}

  @Get()
  @RequireScopes('read:configuration')
  @ApiOperation({ summary: 'The tenant\'s delivery types (not deleted), oldest first' })
  @ApiOkResponse({ type: [DeliveryTypeResponseDto] })
  list(@CurrentAuth() auth: AuthContext): Promise<Response[]> {
    return this.configuration.list('delivery_type', auth);
  }

  @Post()
  @HttpCode(201)
  @RequireScopes('create:configuration')
  @ApiCreatedResponse({ type: DeliveryTypeResponseDto })
  create(@CurrentAuth() auth: AuthContext, @Body() body: DeliveryTypeRequestDto): Promise<Response> {
    return this.configuration.create('delivery_type', auth, toConfigurationFields('delivery_type', body));
  }

  @Get(':deliveryTypeId')
  @RequireScopes('read:configuration')
  @ApiOkResponse({ type: DeliveryTypeResponseDto, description: 'a deleted one answers with deleted: true' })
  get(@CurrentAuth() auth: AuthContext, @Param('deliveryTypeId') id: string): Promise<Response> {
    return this.configuration.get('delivery_type', auth, id);
  }

  @Put(':deliveryTypeId')
  @RequireScopes('update:configuration')
  @ApiOperation({ summary: 'Sets the fields given and clears the others; code never changes' })
  @ApiOkResponse({ type: DeliveryTypeResponseDto })
  replace(@CurrentAuth() auth: AuthContext, @Param('deliveryTypeId') id: string, @Body() body: DeliveryTypeRequestDto): Promise<Response> {
    return this.configuration.replace('delivery_type', auth, id, toConfigurationFields('delivery_type', body));
  }

  @Delete(':deliveryTypeId')
  @RequireScopes('delete:configuration')
  @ApiOperation({ summary: 'Deletes it for good; answers the object with deleted: true' })
  @ApiOkResponse({ type: DeliveryTypeResponseDto })
  delete(@CurrentAuth() auth: AuthContext, @Param('deliveryTypeId') id: string): Promise<Response> {
    return this.configuration.delete('delivery_type', auth, id);
  }
}
