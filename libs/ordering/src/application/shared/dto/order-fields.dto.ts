import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsNotEmpty, IsNumber, IsObject, IsOptional, IsString, Matches, MaxLength, Min, ValidateNested,
} from 'class-validator';
import { DESCRIPTION_MAX, EmptyListAsObject, LIST_MAX, REFERENCE_MAX } from './dto-helpers';

/** Addresses (shipping, billing) and the customer: the shipment address fields. */
export class OrderAddressDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(DESCRIPTION_MAX) contact_name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(DESCRIPTION_MAX) company_name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) contact_phone?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) contact_email?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(DESCRIPTION_MAX) address1?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(DESCRIPTION_MAX) address2?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) area?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) city?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) state?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) postcode?: string;
  @ApiPropertyOptional({ example: 'AE' }) @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) country?: string;
  @ApiPropertyOptional({ type: [Number] }) @IsOptional() @IsArray() @ArrayMaxSize(2) @IsNumber({}, { each: true }) coords?: number[];
}

export class OrderPaymentDto {
  @ApiPropertyOptional({ enum: ['PRE_PAID', 'CASH_ON_DELIVERY'] })
  @IsOptional() @IsIn(['PRE_PAID', 'CASH_ON_DELIVERY']) payment_mode?: 'PRE_PAID' | 'CASH_ON_DELIVERY';
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) payment_status?: string;
  @ApiPropertyOptional({ example: 'AED' }) @IsOptional() @IsString() @MaxLength(3) currency?: string;
  @ApiPropertyOptional() @IsOptional() @IsNumber() total_amount?: number;
  @ApiPropertyOptional({ description: 'cash to collect on delivery' }) @IsOptional() @IsNumber() pending_amount?: number;
}

export class RequestSourceDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) source_type?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) source_name?: string;
}

export class OrderWeightDto {
  @ApiProperty() @IsNumber() @Min(0) value!: number;
  @ApiProperty({ enum: ['kg', 'g', 'lb', 'oz'] }) @IsIn(['kg', 'g', 'lb', 'oz']) unit!: 'kg' | 'g' | 'lb' | 'oz';
}

export class OrderDimensionDto {
  @ApiProperty() @IsNumber() @Min(0) length!: number;
  @ApiProperty() @IsNumber() @Min(0) width!: number;
  @ApiProperty() @IsNumber() @Min(0) height!: number;
  @ApiProperty({ enum: ['cm', 'in'] }) @IsIn(['cm', 'in']) unit!: 'cm' | 'in';
}

export class DiscountAllocationDto {
  @ApiProperty() @IsNumber() amount!: number;
  @ApiProperty() @IsInt() @Min(0) discount_application_index!: number;
}

export class TaxDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) title?: string;
  @ApiPropertyOptional() @IsOptional() @IsNumber() rate?: number;
  @ApiPropertyOptional() @IsOptional() @IsNumber() amount?: number;
}

export class DutyDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) title?: string;
  @ApiPropertyOptional() @IsOptional() @IsNumber() amount?: number;
}

export class BatteryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) type?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) packing?: string;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(0) quantity?: number;
}

/** A line item (spec "Update line item"; create takes the same shape). */
export class LineItemDto {
  @ApiProperty({ description: 'the line item id; matches an existing line item on update' })
  @IsString() @IsNotEmpty({ message: 'must not be blank' }) @MaxLength(REFERENCE_MAX) id!: string;
  @ApiProperty() @IsString() @IsNotEmpty({ message: 'must not be blank' }) @MaxLength(REFERENCE_MAX) sku!: string;
  @ApiProperty() @IsBoolean() requires_shipping!: boolean;
  @ApiProperty({ minimum: 0 }) @IsInt() @Min(0) quantity!: number;
  @ApiPropertyOptional({ example: 'AE' }) @IsOptional() @Matches(/^[A-Za-z]{2}$/, { message: 'must be an ISO 3166 alpha-2 code' }) origin_country?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(DESCRIPTION_MAX) description?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) barcode?: string;
  @ApiPropertyOptional() @IsOptional() @IsNumber() unit_price?: number;
  @ApiPropertyOptional() @IsOptional() @IsNumber() unit_cost?: number;
  @ApiPropertyOptional({ type: [DiscountAllocationDto] })
  @IsOptional() @IsArray() @ArrayMaxSize(LIST_MAX) @ValidateNested({ each: true }) @Type(() => DiscountAllocationDto) discount_allocations?: DiscountAllocationDto[];
  @ApiPropertyOptional({ type: [TaxDto] }) @IsOptional() @IsArray() @ArrayMaxSize(LIST_MAX) @ValidateNested({ each: true }) @Type(() => TaxDto) taxes?: TaxDto[];
  @ApiPropertyOptional({ type: [DutyDto] }) @IsOptional() @IsArray() @ArrayMaxSize(LIST_MAX) @ValidateNested({ each: true }) @Type(() => DutyDto) duties?: DutyDto[];
  @ApiPropertyOptional({ type: OrderWeightDto }) @IsOptional() @ValidateNested() @Type(() => OrderWeightDto) weight?: OrderWeightDto;
  @ApiPropertyOptional({ type: OrderDimensionDto }) @IsOptional() @ValidateNested() @Type(() => OrderDimensionDto) dimension?: OrderDimensionDto;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(DESCRIPTION_MAX) image_link?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) product_ref?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) product_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) hs_code?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) manufacturer_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(DESCRIPTION_MAX) material_composition?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() dangerous_goods?: boolean;
  @ApiPropertyOptional({ type: BatteryDto }) @IsOptional() @EmptyListAsObject(BatteryDto) @ValidateNested() @Type(() => BatteryDto) battery?: BatteryDto;
}

/** A quantity of one order line item (FO requests, fulfill, split, cancel, ship). */
export class LineItemQuantityDto {
  @ApiProperty() @IsString() @IsNotEmpty({ message: 'must not be blank' }) @MaxLength(REFERENCE_MAX) id!: string;
  @ApiProperty({ minimum: 1 }) @IsInt() @Min(1) quantity!: number;
}

export class FoDeliveryDto {
  @ApiPropertyOptional({ example: 'STANDARD' }) @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) delivery_type?: string;
  @ApiPropertyOptional({ example: 'HOME_DELIVERY' }) @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) delivery_method?: string;
  @ApiPropertyOptional({ format: 'date-time' }) @IsOptional() @IsString() @MaxLength(64) scheduled_from?: string;
  @ApiPropertyOptional({ format: 'date-time' }) @IsOptional() @IsString() @MaxLength(64) scheduled_to?: string;
  @ApiPropertyOptional({ format: 'date' }) @IsOptional() @IsString() @MaxLength(64) scheduled_date?: string;
}

/** Lists whose entries the spec does not show: kept as given (JSON objects). */
export function ObjectList(): PropertyDecorator {
  const decorators = [IsOptional(), IsArray(), ArrayMaxSize(LIST_MAX), IsObject({ each: true })];
  return (target, key) => decorators.forEach((decorate) => decorate(target, key));
}
