import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentAuth, RequireScopes, UseErrorArea, type AuthContext } from '@shipledger/platform';
import { toConfigurationFields } from '../shared/configuration-fields';
import { AttributeResponseDto } from '../shared/configuration-responses.dto';
import { ConfigurationService } from '../shared/configuration.service';
import { AttributeRequestDto } from './attribute.request.dto';

type Response = Record<string, unknown>;

/** /attributes: custom attribute definitions that shipments' custom_attributes are checked against. */
@ApiTags('configuration')
@Controller('attributes')
@UseErrorArea('shipping')
export class AttributesController {
  constructor(private readonly configuration: ConfigurationService) {}

  @Get()
  @RequireScopes('read:configuration')
  @ApiOperation({ summary: 'The tenant\'s custom attribute definitions (not deleted), oldest first' })
  @ApiOkResponse({ type: [AttributeResponseDto] })
  list(@CurrentAuth() auth: AuthContext): Promise<Response[]> {
    return this.configuration.list('attribute', auth);
  }

  @Post()
  @HttpCode(201)
  @RequireScopes('create:configuration')
  @ApiCreatedResponse({ type: AttributeResponseDto })
  create(@CurrentAuth() auth: AuthContext, @Body() body: AttributeRequestDto): Promise<Response> {
    return this.configuration.create('attribute', auth, toConfigurationFields('attribute', body));
  }

  @Get(':attributeId')
  @RequireScopes('read:configuration')
  @ApiOkResponse({ type: AttributeResponseDto, description: 'a deleted one answers with deleted: true' })
  get(@CurrentAuth() auth: AuthContext, @Param('attributeId') id: string): Promise<Response> {
    return this.configuration.get('attribute', auth, id);
  }

  @Put(':attributeId')
  @RequireScopes('update:configuration')
  @ApiOperation({ summary: 'Sets the fields given and clears the others' })
  @ApiOkResponse({ type: AttributeResponseDto })
  replace(@CurrentAuth() auth: AuthContext, @Param('attributeId') id: string, @Body() body: AttributeRequestDto): Promise<Response> {
    return this.configuration.replace('attribute', auth, id, toConfigurationFields('attribute', body));
  }

  @Delete(':attributeId')
  @RequireScopes('delete:configuration')
  @ApiOperation({ summary: 'Deletes it for good; answers the object with deleted: true' })
  @ApiOkResponse({ type: AttributeResponseDto })
  delete(@CurrentAuth() auth: AuthContext, @Param('attributeId') id: string): Promise<Response> {
    return this.configuration.delete('attribute', auth, id);
  }
}
