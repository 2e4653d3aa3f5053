import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsISO8601, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { ATTEMPT_OUTCOMES, ORDER_TRIGGERS } from '../../domain';

const toInt = ({ value }: { value: unknown }) => (typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value);

export const DELIVERY_LOG_PAGE = { defaultSize: 20, maxSize: 100 } as const;

/** Filters and paging of a delivery log (query string). */
export class DeliveryLogQueryDto {
  @ApiPropertyOptional({ enum: ATTEMPT_OUTCOMES, description: 'only attempts with this outcome' })
  @IsOptional() @IsIn(ATTEMPT_OUTCOMES) status?: string;

  @ApiPropertyOptional({ description: `only this trigger (a shipment status, an update trigger, or ${ORDER_TRIGGERS[0]}, …)` })
  @IsOptional() @IsString() @MaxLength(64) trigger?: string;

  @ApiPropertyOptional({ description: 'only deliveries about this shipment' })
  @IsOptional() @IsString() @MaxLength(100) shipment_id?: string;

  @ApiPropertyOptional({ description: 'only deliveries about this order (its order_id)' })
  @IsOptional() @IsString() @MaxLength(100) order_id?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'attempts made at or after this time' })
  @IsOptional() @IsISO8601({ strict: true }) from?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'attempts made before this time' })
  @IsOptional() @IsISO8601({ strict: true }) to?: string;

  @ApiPropertyOptional({ type: Number, minimum: 0, description: 'from 0' })
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) @Max(1_000_000) page?: number;

  @ApiPropertyOptional({ type: Number, minimum: 1, maximum: DELIVERY_LOG_PAGE.maxSize, description: `default ${DELIVERY_LOG_PAGE.defaultSize}` })
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(DELIVERY_LOG_PAGE.maxSize) page_size?: number;
}

/** One attempt of the delivery log, newest first. */
export class DeliveryAttemptDto {
  @ApiProperty() attempt_id!: string;
  @ApiProperty({ description: 'the delivery (message to one configuration) this attempt belongs to' }) delivery_id!: string;
  @ApiProperty() config_id!: string;
  @ApiProperty({ format: 'date-time', description: 'when the attempt started' }) attempted_at!: string;
  @ApiProperty({ description: '1 for the first send of the delivery' }) attempt!: number;
  @ApiProperty() trigger!: string;
  @ApiProperty({ description: 'the event-id header (stable across retries and replays)' }) event_id!: string;
  @ApiProperty({ enum: ['shipment', 'order'] }) aggregate_type!: string;
  @ApiProperty({ description: 'the shipment_id or order_id' }) aggregate_id!: string;
  @ApiProperty() aggregate_version!: number;
  @ApiProperty({ nullable: true, type: String, description: 'the replay that enqueued it; null for the original delivery' }) replay_id!: string | null;
  @ApiProperty() url!: string;
  @ApiProperty({ nullable: true, type: Number, description: 'null when no answer came (timeout, refused connection)' }) status_code!: number | null;
  @ApiProperty({ description: 'milliseconds from sending to the whole answer' }) duration_ms!: number;
  @ApiProperty({ nullable: true, type: String, description: 'the first 1,000 characters of the answer' }) response_excerpt!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'why no usable answer came' }) error!: string | null;
  @ApiProperty({ enum: ATTEMPT_OUTCOMES }) outcome!: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time', description: 'when the next attempt is due (outcome retrying)' }) next_retry_at!: string | null;
}
