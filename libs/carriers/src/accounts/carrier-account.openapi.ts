import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ACCOUNT_STATUSES, CARRIER_CODES, LABEL_KINDS } from './carrier-account';
import { PROPERTY_ENTRIES_MAX, PROPERTY_VALUE_MAX } from './carrier-account.request';

/**
 * Documentation only: carrier-account bodies are parsed by hand (carrier-account.request.ts), so these
 * classes give the OpenAPI document their shapes. The e2e suites validate every answer against them.
 */
export class CarrierAccountLabelDto {
  @ApiPropertyOptional({ enum: LABEL_KINDS, default: 'carrier_pdf' }) default_label?: string;
}

const PROPERTY_SCHEMA = {
  type: 'object',
  maxProperties: PROPERTY_ENTRIES_MAX,
  additionalProperties: { oneOf: [{ type: 'string', maxLength: PROPERTY_VALUE_MAX }, { type: 'number' }, { type: 'boolean' }] },
  description: 'carrier settings, keys UPPER_CASE (≤ 64 characters); a value sent back as "********" keeps the stored one',
  example: { URL: 'https://carrier.example/api' },
} as const;

export class CarrierAccountRequestBodyDto {
  @ApiProperty({ minLength: 1, maxLength: 250 }) carrier_account_name!: string;
  @ApiProperty({ enum: CARRIER_CODES }) carrier!: string;
  @ApiPropertyOptional(PROPERTY_SCHEMA as never) property?: Record<string, string>;
  @ApiPropertyOptional({ type: CarrierAccountLabelDto }) label?: CarrierAccountLabelDto;
  @ApiPropertyOptional({ nullable: true }) auto_ready_to_ship?: boolean;
  @ApiPropertyOptional({ nullable: true }) auto_return_confirmed?: boolean;
  @ApiPropertyOptional({ enum: ['active', 'inactive'], default: 'active' }) status?: string;
}

export class CarrierAccountResponseDto {
  @ApiProperty() carrier_account_id!: string;
  @ApiProperty() carrier_account_name!: string;
  @ApiProperty({ enum: CARRIER_CODES }) carrier!: string;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' }, description: 'values masked as "********"' } as never)
  property!: Record<string, string>;
  @ApiProperty({ type: CarrierAccountLabelDto }) label!: CarrierAccountLabelDto;
  @ApiProperty() auto_ready_to_ship!: boolean;
  @ApiProperty() auto_return_confirmed!: boolean;
  @ApiProperty({ enum: ACCOUNT_STATUSES }) status!: string;
  @ApiProperty() deleted!: boolean;
  @ApiProperty({ format: 'date-time' }) creation_date!: string;
  @ApiProperty({ format: 'date-time' }) update_date!: string;
}
