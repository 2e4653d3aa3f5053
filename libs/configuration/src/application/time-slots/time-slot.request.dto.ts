import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsOptional, Matches } from 'class-validator';
import type { ApiErrorDetail } from '@shipledger/platform';
import { isTimeOfDay, slotIsOrdered, TIME_OF_DAY } from '../../domain';
import { OptionalString, REFERENCE_MAX } from '../shared/dto/fields';

const HH_MM = { message: 'must be a time HH:MM between 00:00 and 23:59' };

/** POST and PUT /time-slots. `time_slot_id` may be chosen by the client on POST (else generated). */
export class TimeSlotRequestDto {
  /** from before to, checked on the body as sent and answered with the field errors. */
  static bodyRules(body: unknown): ApiErrorDetail[] {
    const { from, to } = (body ?? {}) as { from?: unknown; to?: unknown };
    if (!isTimeOfDay(from) || !isTimeOfDay(to) || slotIsOrdered(from, to)) return [];
    return [{ field: 'to', message: `must be after from (${from})` }];
  }

  @OptionalString(REFERENCE_MAX, 'EVENING') time_slot_id?: string;
  @ApiProperty({ pattern: TIME_OF_DAY.source, example: '09:00' }) @Matches(TIME_OF_DAY, HH_MM) from!: string;
  @ApiProperty({ pattern: TIME_OF_DAY.source, example: '13:00' }) @Matches(TIME_OF_DAY, HH_MM) to!: string;
  @ApiPropertyOptional({ readOnly: true }) @IsOptional() @Allow() deleted?: unknown;
}
