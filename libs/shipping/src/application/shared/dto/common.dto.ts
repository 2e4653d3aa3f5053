import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNumber, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

/**
 * Shared small shapes of the shipment field model, and the request limits (docs/limits.md lists them
 * all). Lengths follow what carriers accept: names 100, address lines 255, city 100, postcode 20,
 * phone 30, e-mail 254 (RFC 5321), references 250 and descriptions 1000 (where-the-spec-is-silent.md).
 */
export const REFERENCE_MAX = 250;
export const DESCRIPTION_MAX = 1000;
export const NAME_MAX = 100;
export const ADDRESS_LINE_MAX = 255;
export const PLACE_MAX = 100;
export const POSTCODE_MAX = 20;
export const PHONE_MAX = 30;
export const EMAIL_MAX = 254;
/** Codes and enumerated words: country, unit, delivery_type, incoterms, type codes. */
export const CODE_MAX = 50;
export const HS_CODE_MAX = 20;
/** An ISO 8601 date-time with fractions and an offset fits in 35 characters. */
export const DATE_TIME_MAX = 35;
export const URL_MAX = 2048;
/** Amounts in any currency, weights (kg or lb), dimensions (cm or in) and quantities: never negative. */
export const AMOUNT_MAX = 1_000_000_000;
export const WEIGHT_MAX = 100_000;
export const DIMENSION_MAX = 100_000;
export const QUANTITY_MAX = 1_000_000;
const FINITE = { allowNaN: false, allowInfinity: false } as const;
/** A date-time: ISO 8601 (no offset means UTC). A plain date: YYYY-MM-DD. */
export const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

export class MoneyDto {
  @ApiPropertyOptional() @IsOptional() @IsNumber(FINITE) @Min(0) @Max(AMOUNT_MAX) amount?: number;
  @ApiPropertyOptional({ example: 'AED' }) @IsOptional() @IsString() @MaxLength(3) currency?: string;
}

export class WeightDto {
  @ApiPropertyOptional() @IsOptional() @IsNumber(FINITE) @Min(0) @Max(WEIGHT_MAX) value?: number;
  @ApiPropertyOptional({ example: 'kg' }) @IsOptional() @IsString() @MaxLength(CODE_MAX) unit?: string;
}

export class DimensionDto {
  @ApiPropertyOptional() @IsOptional() @IsNumber(FINITE) @Min(0) @Max(DIMENSION_MAX) width?: number;
  @ApiPropertyOptional() @IsOptional() @IsNumber(FINITE) @Min(0) @Max(DIMENSION_MAX) height?: number;
  @ApiPropertyOptional() @IsOptional() @IsNumber(FINITE) @Min(0) @Max(DIMENSION_MAX) depth?: number;
  @ApiPropertyOptional({ example: 'cm' }) @IsOptional() @IsString() @MaxLength(CODE_MAX) unit?: string;
}

export class CarrierAccountRequestDto {
  @ApiPropertyOptional({ readOnly: true, description: 'answered by the service; ignored in a request' })
  @IsOptional() @IsString() @MaxLength(CODE_MAX) carrier?: string;
  @ApiPropertyOptional({ description: 'wins over carrier_account_name' }) @IsOptional() @IsString() @MaxLength(NAME_MAX) carrier_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) carrier_account_name?: string;
}

export class SourceDto {
  @ApiPropertyOptional({ description: 'which integration created the shipment' }) @IsOptional() @IsString() @MaxLength(CODE_MAX) source_type?: string;
}

export class PaymentDto {
  @ApiPropertyOptional({ enum: ['PRE_PAID', 'CASH_ON_DELIVERY'] })
  @IsOptional() @IsIn(['PRE_PAID', 'CASH_ON_DELIVERY']) payment_mode?: 'PRE_PAID' | 'CASH_ON_DELIVERY';
  @ApiPropertyOptional() @IsOptional() @IsNumber(FINITE) @Min(0) @Max(AMOUNT_MAX) pending_amount?: number;
  @ApiPropertyOptional() @IsOptional() @IsNumber(FINITE) @Min(0) @Max(AMOUNT_MAX) total_amount?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(3) currency?: string;
}

export class PreBookingInfoDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) input_carrier?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) carrier_tracking_no?: string;
}
