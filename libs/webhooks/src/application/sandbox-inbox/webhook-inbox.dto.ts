import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

export const INBOX_PAGE_SIZE = { min: 1, max: 100, default: 20 } as const;

/** GET /sandbox/webhook-inbox: newest first, paged, optionally one event or one trigger. */
export class WebhookInboxQueryDto {
  @ApiPropertyOptional({ minimum: 0, maximum: 1_000, default: 0, description: 'from 0' })
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(1_000)
  page?: number;

  @ApiPropertyOptional({ minimum: INBOX_PAGE_SIZE.min, maximum: INBOX_PAGE_SIZE.max, default: INBOX_PAGE_SIZE.default })
  @IsOptional() @Type(() => Number) @IsInt() @Min(INBOX_PAGE_SIZE.min) @Max(INBOX_PAGE_SIZE.max)
  page_size?: number;

  @ApiPropertyOptional({ maxLength: 250, description: 'only deliveries with this event-id header' })
  @IsOptional() @IsString() @MaxLength(250)
  event_id?: string;

  @ApiPropertyOptional({ maxLength: 100, description: 'only deliveries with this trigger header' })
  @IsOptional() @IsString() @MaxLength(100)
  trigger?: string;
}

export class InboxDeliveryDto {
  @ApiProperty({ description: 'grows with each delivery received' }) delivery_id!: string;
  @ApiProperty({ format: 'date-time' }) received_at!: string;
  @ApiProperty({ type: String, nullable: true, description: 'the configuration whose secret verified it (or the only candidate)' }) config_id!: string | null;
  @ApiProperty({ description: 'a webhook-signature entry verified with a secret of the configuration' }) signature_verified!: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'why it did not verify' }) verification_error!: string | null;
  @ApiProperty({ type: String, nullable: true }) webhook_id!: string | null;
  @ApiProperty({ type: String, nullable: true }) event_id!: string | null;
  @ApiProperty({ type: String, nullable: true }) trigger!: string | null;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' }, description: 'as received, names in lower case (at most 50; values cut at 1,000 characters)' } as never)
  headers!: Record<string, string>;

  @ApiProperty({ nullable: true, description: 'the JSON body as received; null when it was over 64 KiB (body_truncated)' } as never)
  body!: unknown;

  @ApiProperty() body_bytes!: number;
  @ApiProperty() body_truncated!: boolean;
}

export class WebhookInboxPageDto {
  @ApiProperty({ description: 'POST target for a webhook configuration (the inbox id in it is the only credential)' }) inbox_url!: string;
  @ApiProperty({ description: 'the newest this many deliveries are kept (WEBHOOK_INBOX_KEEP)' }) kept_at_most!: number;
  @ApiProperty({ description: 'deliveries kept that match the query' }) total!: number;
  @ApiProperty() page!: number;
  @ApiProperty() page_size!: number;
  @ApiProperty({ type: [InboxDeliveryDto] }) deliveries!: InboxDeliveryDto[];
}

export class InboxReceiptDto {
  @ApiProperty() delivery_id!: string;
  @ApiProperty() signature_verified!: boolean;
}
