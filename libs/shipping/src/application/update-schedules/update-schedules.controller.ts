import { Body, Controller, HttpCode, Param, Post, UseFilters } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiError, CurrentAuth, RequireScopes, UseErrorArea, type AuthContext } from '@shipledger/platform';
import type { Schedule } from '../../domain/shipment';
import { ScheduleDto } from '../shared/dto/shipment-request.dto';
import { ShipmentErrorsFilter } from '../shared/shipment-errors.filter';
import { ShipmentHttp } from '../shared/shipment-http';
import { normaliseDateTime } from '../shared/shipment-request.mapper';

@ApiTags('shipments')
@Controller('shipments')
@UseErrorArea('shipping')
@UseFilters(ShipmentErrorsFilter)
export class UpdateSchedulesController {
  constructor(private readonly http: ShipmentHttp) {}

  @Post(':shipment_id/update-delivery-schedule')
  @HttpCode(200)
  @RequireScopes('update:shipments')
  @ApiOperation({ summary: 'Delivery schedule: {scheduled_from, scheduled_to} or {scheduled_date} (not in a final status)' })
  @ApiOkResponse({ description: 'the shipment' })
  async delivery(@CurrentAuth() auth: AuthContext, @Param('shipment_id') ref: string, @Body() body: ScheduleDto) {
    const schedule = toSchedule(body);
    return this.http.run(auth, ref, { type: 'UpdateDeliverySchedule', schedule });
  }

  @Post(':shipment_id/update-collection-schedule')
  @HttpCode(200)
  @RequireScopes('update:shipments')
  @ApiOperation({ summary: 'Collection schedule: {scheduled_from, scheduled_to} or {scheduled_date} (not in a final status)' })
  @ApiOkResponse({ description: 'the shipment' })
  async collection(@CurrentAuth() auth: AuthContext, @Param('shipment_id') ref: string, @Body() body: ScheduleDto) {
    const schedule = toSchedule(body);
    return this.http.run(auth, ref, { type: 'UpdateCollectionSchedule', schedule });
  }
}

/** The slot form and the whole-day form are alternatives: exactly one of them, complete. */
export function toSchedule(body: ScheduleDto | undefined): Schedule {
  const slot = body?.scheduled_from !== undefined || body?.scheduled_to !== undefined;
  const day = body?.scheduled_date !== undefined;
  if (slot === day) throw invalid('send either scheduled_from and scheduled_to, or scheduled_date');
  if (day) return { scheduled_date: body?.scheduled_date };
  if (!body?.scheduled_from || !body.scheduled_to) throw invalid('scheduled_from and scheduled_to go together');
  const from = normaliseDateTime(body.scheduled_from);
  const to = normaliseDateTime(body.scheduled_to);
  if (from > to) throw invalid('scheduled_from must not be after scheduled_to');
  return { scheduled_from: from, scheduled_to: to };
}

function invalid(message: string): ApiError {
  return ApiError.badRequest(message, [{ field: 'schedule', message }], 'validation_failed');
}
