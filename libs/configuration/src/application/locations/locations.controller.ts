import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentAuth, RequireScopes, UseErrorArea, type AuthContext } from '@shipledger/platform';
import { toConfigurationFields } from '../shared/configuration-fields';
import { LocationResponseDto } from '../shared/configuration-responses.dto';
import { ConfigurationService } from '../shared/configuration.service';
import { LocationRequestDto } from './location.request.dto';

type Response = Record<string, unknown>;

/** /locations: warehouses, stores and other places shipments leave from or go to. */
@ApiTags('configuration')
@Controller('locations')
@UseErrorArea('shipping')
export class LocationsController {
  constructor(private readonly configuration: ConfigurationService) {}

  @Get()
  @RequireScopes('read:configuration')
  @ApiOperation({ summary: 'The tenant\'s locations (not deleted), oldest first' })
  @ApiOkResponse({ type: [LocationResponseDto] })
  list(@CurrentAuth() auth: AuthContext): Promise<Response[]> {
    return this.configuration.list('location', auth);
  }

  @Post()
  @HttpCode(201)
  @RequireScopes('create:configuration')
  @ApiCreatedResponse({ type: LocationResponseDto })
  create(@CurrentAuth() auth: AuthContext, @Body() body: LocationRequestDto): Promise<Response> {
    return this.configuration.create('location', auth, toConfigurationFields('location', body));
  }

  @Get(':locationId')
  @RequireScopes('read:configuration')
  @ApiOkResponse({ type: LocationResponseDto, description: 'a deleted one answers with deleted: true' })
  get(@CurrentAuth() auth: AuthContext, @Param('locationId') id: string): Promise<Response> {
    return this.configuration.get('location', auth, id);
  }

  @Put(':locationId')
  @RequireScopes('update:configuration')
  @ApiOperation({ summary: 'Sets the fields given and clears the others' })
  @ApiOkResponse({ type: LocationResponseDto })
  replace(@CurrentAuth() auth: AuthContext, @Param('locationId') id: string, @Body() body: LocationRequestDto): Promise<Response> {
    return this.configuration.replace('location', auth, id, toConfigurationFields('location', body));
  }

  @Delete(':locationId')
  @RequireScopes('delete:configuration')
  @ApiOperation({ summary: 'Deletes it for good; answers the object with deleted: true' })
  @ApiOkResponse({ type: LocationResponseDto })
  delete(@CurrentAuth() auth: AuthContext, @Param('locationId') id: string): Promise<Response> {
    return this.configuration.delete('location', auth, id);
  }
}
