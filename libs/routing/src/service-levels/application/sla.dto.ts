import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsDefined, IsIn, IsInt, IsOptional, IsTimeZone, Matches, Max, Min, ValidateNested,
} from 'class-validator';
import { WEEKDAYS } from '../domain/zoned-time';

/** Bounds of an SLA (docs/limits.md). */
export const SLA_LIMITS = { days: 365, hours: 8760, minutes: 59, blackoutDates: 366 } as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const TIME_OR_MIDNIGHT = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

const Count = (max: number, description: string) => applyDecorators(
  ApiPropertyOptional({ minimum: 0, maximum: max, description }), IsOptional(), IsInt(), Min(0), Max(max),
);
const Time = (example: string, description: string, pattern = TIME) => applyDecorators(
  ApiProperty({ example, description, pattern: pattern.source }), Matches(pattern, { message: pattern === TIME ? 'must be HH:mm' : 'must be HH:mm (or 24:00)' }),
);

/** `{days}` (day-based) or `{hours, minutes}` (time-based). */
export class SlaDurationDto {
  @Count(SLA_LIMITS.days, 'day-based: open days to count') days?: number;
  @Count(SLA_LIMITS.hours, 'time-based: hours of working time') hours?: number;
  @Count(SLA_LIMITS.minutes, 'time-based: minutes of working time') minutes?: number;
}

export class SlaCutoffTimeDto {
  @ApiProperty({ enum: WEEKDAYS }) @IsIn(WEEKDAYS) day!: string;
  @Time('14:00', 'after this local time, counting starts on the next open day') time!: string;
}

export class SlaWorkingHoursDto {
  @Time('09:00', 'local time the working window opens') start_time!: string;
  @Time('18:00', 'local time it closes (24:00 = midnight)', TIME_OR_MIDNIGHT) end_time!: string;
}

/** A service-level rule's SLA; cross-field rules (days xor hours, which options go with which) in slaProblems. */
export class SlaDto {
  @ApiProperty({ type: SlaDurationDto }) @IsDefined() @ValidateNested() @Type(() => SlaDurationDto) duration!: SlaDurationDto;
  @ApiPropertyOptional({ example: 'Asia/Dubai', description: 'IANA time zone of every day and time of this SLA (default UTC)' })
  @IsOptional() @IsTimeZone() time_zone?: string;
  @ApiPropertyOptional({ enum: WEEKDAYS, isArray: true, description: 'default: all seven' })
  @IsOptional() @IsArray() @ArrayMinSize(1) @ArrayMaxSize(7) @ArrayUnique() @IsIn(WEEKDAYS, { each: true }) working_days?: string[];
  @ApiPropertyOptional({ type: SlaWorkingHoursDto, description: 'time-based only: the part of an open day that counts' })
  @IsOptional() @ValidateNested() @Type(() => SlaWorkingHoursDto) working_hours?: SlaWorkingHoursDto;
  @ApiPropertyOptional({ type: [SlaCutoffTimeDto], maxItems: 7, description: 'day-based only: one cut-off per weekday at most' })
  @IsOptional() @IsArray() @ArrayMaxSize(7) @ValidateNested({ each: true }) @Type(() => SlaCutoffTimeDto) cutoff_times?: SlaCutoffTimeDto[];
  @ApiPropertyOptional({ type: [String], example: ['2026-12-02'], maxItems: SLA_LIMITS.blackoutDates, description: 'local days (YYYY-MM-DD) that never count' })
  @IsOptional() @IsArray() @ArrayMaxSize(SLA_LIMITS.blackoutDates) @ArrayUnique() @Matches(DATE, { each: true, message: 'each value must be a date YYYY-MM-DD' })
  blackout_dates?: string[];
  @ApiPropertyOptional({ example: '18:00', description: 'day-based only: the time of day of the result (default 23:59)' })
  @IsOptional() @Matches(TIME, { message: 'must be HH:mm' }) eta_time?: string;
}
