import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNumber, IsOptional, IsString, MaxLength } from 'class-validator';

/** Shared small shapes of the shipment field model. */
export const REFERENCE_MAX = 250;
export const DESCRIPTION_MAX = 1000;
/** A date-time: ISO 8601 (no offset means UTC). A plain date: YYYY-MM-DD. */
export const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

export class MoneyDto {
  @ApiPropertyOptional() @IsOptional() @IsNumber() amount?: number;
  @ApiPropertyOptional({ example: 'AED' }) @IsOptional() @IsString() @MaxLength(3) currency?: string;
}

export class WeightDto {
  @ApiPropertyOptional() @IsOptional() @IsNumber() value?: number;
  @ApiPropertyOptional({ example: 'kg' }) @IsOptional() @IsString() unit?: string;
}

export class DimensionDto {
  @ApiPropertyOptional() @IsOptional() @IsNumber() width?: number;
  @ApiPropertyOptional() @IsOptional() @IsNumber() height?: number;
  @ApiPropertyOptional() @IsOptional() @IsNumber() depth?: number;
  @ApiPropertyOptional({ example: 'cm' }) @IsOptional() @IsString() unit?: string;
}

export class CarrierAccountRequestDto {
  @ApiPropertyOptional({ readOnly: true, description: 'answered by the service; ignored in a request' })
  @IsOptional() @IsString() carrier?: string;
  @ApiPropertyOptional({ description: 'wins over carrier_account_name' }) @IsOptional() @IsString() carrier_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() carrier_account_name?: string;
}

export class SourceDto {
  @ApiPropertyOptional({ description: 'which integration created the shipment' }) @IsOptional() @IsString() source_type?: string;
}

export class PaymentDto {
  @ApiPropertyOptional({ enum: ['PRE_PAID', 'CASH_ON_DELIVERY'] })
  @IsOptional() @IsIn(['PRE_PAID', 'CASH_ON_DELIVERY']) payment_mode?: 'PRE_PAID' | 'CASH_ON_DELIVERY';
  @ApiPropertyOptional() @IsOptional() @IsNumber() pending_amount?: number;
  @ApiPropertyOptional() @IsOptional() @IsNumber() total_amount?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(3) currency?: string;
}

export class PreBookingInfoDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) input_carrier?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) carrier_tracking_no?: string;
}
