import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsISO8601, IsInt, IsOptional, IsString, IsTimeZone, Matches, Max, MaxLength, Min } from 'class-validator';

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const toList = ({ value }: { value: unknown }) => (value === undefined ? undefined : [value].flat());
const toInt = ({ value }: { value: unknown }) => (typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value);

export const MAX_RANGE_DAYS = 366;
export const DEFAULT_RANGE_DAYS = 30;

/**
 * The filters every report takes (query string; a repeated parameter gives several values) but the
 * carrier account: the order reports take only these (orders have no carrier account, so the
 * parameter is refused there like any unknown one — a 400 naming it).
 */
export class ReportPeriodQueryDto {
  @ApiPropertyOptional({ type: [String], description: 'only these merchants (repeat the parameter for several)' })
  @IsOptional() @Transform(toList) @IsArray() @ArrayMaxSize(50) @IsString({ each: true }) @MaxLength(100, { each: true })
  merchant?: string[];

  @ApiPropertyOptional({ format: 'date', description: `first day, inclusive (default: ${DEFAULT_RANGE_DAYS - 1} days before "to")` })
  @IsOptional() @Matches(DAY, { message: 'from must be a date as YYYY-MM-DD' })
  from?: string;

  @ApiPropertyOptional({ format: 'date', description: `last day, inclusive (default: today in time_zone); at most ${MAX_RANGE_DAYS} days after "from"` })
  @IsOptional() @Matches(DAY, { message: 'to must be a date as YYYY-MM-DD' })
  to?: string;

  @ApiPropertyOptional({ example: 'Europe/Berlin', description: 'IANA time zone the days are read in (default UTC)' })
  @IsOptional() @IsTimeZone()
  time_zone?: string;
}

/** The filters of the shipment reports: the period's, and carrier accounts. */
export class ReportQueryDto extends ReportPeriodQueryDto {
  @ApiPropertyOptional({ type: [String], description: 'only these carrier account ids (repeat for several)' })
  @IsOptional() @Transform(toList) @IsArray() @ArrayMaxSize(50) @IsString({ each: true }) @MaxLength(100, { each: true })
  carrier_account?: string[];
}

/** The exceptions report's thresholds, besides the common filters. */
export class ExceptionsQueryDto extends ReportQueryDto {
  @ApiPropertyOptional({ type: Number, minimum: 1, maximum: 525_600, description: 'a pending shipment is an exception after this many minutes (default 60)' })
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(525_600)
  pending_minutes?: number;

  @ApiPropertyOptional({ type: Number, minimum: 1, maximum: 8_760, description: 'a shipment is stuck after this many hours in one status (default REPORTS_STUCK_HOURS, 72)' })
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(8_760)
  stuck_hours?: number;

  @ApiPropertyOptional({ type: Number, minimum: 1, maximum: 1000, description: 'shipments listed (default 100); the counts cover all' })
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(1000)
  limit?: number;

  @ApiPropertyOptional({ format: 'date-time', description: 'the time of the question (default now)' })
  @IsOptional() @IsISO8601({ strict: true })
  as_of?: string;
}

/** The on-time report may be asked as of a time (overdue promises). */
export class OnTimeQueryDto extends ReportQueryDto {
  @ApiPropertyOptional({ format: 'date-time', description: 'the time of the question (default now)' })
  @IsOptional() @IsISO8601({ strict: true })
  as_of?: string;
}
