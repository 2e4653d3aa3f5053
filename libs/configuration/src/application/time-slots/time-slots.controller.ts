import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentAuth, RequireScopes, UseErrorArea, type AuthContext } from '@shipledger/platform';
import { toConfigurationFields } from '../shared/configuration-fields';
import { TimeSlotResponseDto } from '../shared/configuration-responses.dto';
import { ConfigurationService } from '../shared/configuration.service';
import { TimeSlotRequestDto } from './time-slot.request.dto';

type Response = Record<string, unknown>;

/** /time-slots: the delivery and collection windows scheduled shipments may name. */
@ApiTags('configuration')
@Controller('time-slots')
@UseErrorArea('shipping')
export class TimeSlotsController {
  constructor(private readonly configuration: ConfigurationService) {}

  @Get()
  @RequireScopes('read:configuration')
  @ApiOperation({ summary: 'The tenant\'s time slots (not deleted), oldest first' })
  @ApiOkResponse({ type: [TimeSlotResponseDto] })
  list(@CurrentAuth() auth: AuthContext): Promise<Response[]> {
    return this.configuration.list('time_slot', auth);
  }

  @Post()
  @HttpCode(201)
  @RequireScopes('create:configuration')
  @ApiCreatedResponse({ type: TimeSlotResponseDto })
  create(@CurrentAuth() auth: AuthContext, @Body() body: TimeSlotRequestDto): Promise<Response> {
    return this.configuration.create('time_slot', auth, toConfigurationFields('time_slot', body), body.time_slot_id);
  }

  @Get(':timeSlotId')
  @RequireScopes('read:configuration')
  @ApiOkResponse({ type: TimeSlotResponseDto, description: 'a deleted one answers with deleted: true' })
  get(@CurrentAuth() auth: AuthContext, @Param('timeSlotId') id: string): Promise<Response> {
    return this.configuration.get('time_slot', auth, id);
  }

  @Put(':timeSlotId')
  @RequireScopes('update:configuration')
  @ApiOperation({ summary: 'Sets the fields given and clears the others' })
  @ApiOkResponse({ type: TimeSlotResponseDto })
  replace(@CurrentAuth() auth: AuthContext, @Param('timeSlotId') id: string, @Body() body: TimeSlotRequestDto): Promise<Response> {
    return this.configuration.replace('time_slot', auth, id, toConfigurationFields('time_slot', body));
  }

  @Delete(':timeSlotId')
  @RequireScopes('delete:configuration')
  @ApiOperation({ summary: 'Deletes it for good; answers the object with deleted: true' })
  @ApiOkResponse({ type: TimeSlotResponseDto })
  delete(@CurrentAuth() auth: AuthContext, @Param('timeSlotId') id: string): Promise<Response> {
    return this.configuration.delete('time_slot', auth, id);
  }
}
