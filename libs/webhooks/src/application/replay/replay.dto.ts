import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsISO8601, IsOptional, IsString, MaxLength } from 'class-validator';

/** Bounds of a replay (docs/api/webhooks.md, docs/limits.md). */
export const REPLAY_LIMITS = {
  /** Longest time range of one replay. */
  maxRangeDays: 31,
  /** Deliveries one replay enqueues at most; a range replay stops there (its status says so). */
  maxDeliveries: 10_000,
  /** Events read from one shipment's or order's stream. */
  maxStreamEvents: 10_000,
  /** Events read from the log per step of a range replay. */
  scanBatch: 500,
  /** Range replays of one tenant queued or running at once; one more answers 429 until one finishes. */
  maxOpenRanges: 5,
  /** The Retry-After of that 429, in seconds. */
  openRangesRetryAfterSeconds: 60,
} as const;

/** Exactly one of: delivery_id; shipment_id; order_id; from and to. */
export class ReplayRequestDto {
  @ApiPropertyOptional({ description: 'one delivery (delivery_id of the log) is sent again' })
  @IsOptional() @IsString() @MaxLength(100) delivery_id?: string;

  @ApiPropertyOptional({ description: 'every delivery this configuration should have received about this shipment, from its event log' })
  @IsOptional() @IsString() @MaxLength(100) shipment_id?: string;

  @ApiPropertyOptional({ description: 'every delivery this configuration should have received about this order (order_id)' })
  @IsOptional() @IsString() @MaxLength(100) order_id?: string;

  @ApiPropertyOptional({ format: 'date-time', description: `with to: everything this configuration should have received for events recorded in [from, to), at most ${REPLAY_LIMITS.maxRangeDays} days (also a backfill of a new configuration); runs in the worker` })
  @IsOptional() @IsISO8601({ strict: true }) from?: string;

  @ApiPropertyOptional({ format: 'date-time' })
  @IsOptional() @IsISO8601({ strict: true }) to?: string;
}

/** 202: the replay is enqueued (one delivery, one aggregate) or queued to run in the worker (a time range). */
export class ReplayAcceptedDto {
  @ApiProperty({ description: 'the replay_id the new deliveries carry in the log' }) replay_id!: string;
  @ApiProperty({ enum: ['delivery', 'shipment', 'order', 'range'] }) mode!: string;
  @ApiProperty({ enum: ['queued', 'running', 'done', 'failed'], description: 'done at once for delivery, shipment and order' }) status!: string;
  @ApiProperty({ description: 'deliveries enqueued so far' }) enqueued!: number;
}

/** A range replay's progress: GET /webhooks/{webhook-id}/replays/{replay-id}. */
export class ReplayJobDto extends ReplayAcceptedDto {
  @ApiProperty({ format: 'date-time' }) from!: string;
  @ApiProperty({ format: 'date-time' }) to!: string;
  @ApiProperty({ description: 'events of the log read so far' }) scanned!: number;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) finished_at!: string | null;
  @ApiProperty({ nullable: true, type: String }) error!: string | null;
}
