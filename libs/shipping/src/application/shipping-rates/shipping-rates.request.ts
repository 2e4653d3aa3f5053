import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsIn, IsNotEmpty, IsObject, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { AddressDto } from '../shared/dto/address.dto';
import { PaymentDto, REFERENCE_MAX } from '../shared/dto/common.dto';
import { IsCustomAttributes } from '../shared/dto/custom-attributes.validator';
import { FreightDto, ItemDto, LIST_MAX, ParcelDto } from '../shared/dto/parcel.dto';
import { DeliveryDto } from '../shared/dto/shipment-request.dto';

export const RATED_CARRIER_ACCOUNTS_MAX = 100;

export class CarrierAccountLimitDto {
  @ApiProperty() @IsString() @IsNotEmpty({ message: 'must not be blank' }) @MaxLength(100) carrier_id!: string;
}

/** `POST /checkout/shipping-rates` (where-the-spec-is-silent.md "Shipping rates"). */
export class ShippingRatesRequestDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) merchant?: string;
  @ApiPropertyOptional({ enum: ['FORWARD', 'REVERSE'] }) @IsOptional() @IsIn(['FORWARD', 'REVERSE']) entity_type?: 'FORWARD' | 'REVERSE';
  @ApiPropertyOptional({ type: [CarrierAccountLimitDto], description: 'rate only these accounts' })
  @IsOptional() @IsArray() @ArrayMaxSize(RATED_CARRIER_ACCOUNTS_MAX) @ValidateNested({ each: true }) @Type(() => CarrierAccountLimitDto)
  carrier_accounts?: CarrierAccountLimitDto[];
  @ApiPropertyOptional({ type: PaymentDto }) @IsOptional() @ValidateNested() @Type(() => PaymentDto) payment?: PaymentDto;
  @ApiPropertyOptional({ type: AddressDto }) @IsOptional() @ValidateNested() @Type(() => AddressDto) pickup?: AddressDto;
  @ApiProperty({ type: AddressDto, description: 'city and country are required' })
  @IsDefined() @IsObject() @ValidateNested() @Type(() => AddressDto) dropoff!: AddressDto;
  @ApiPropertyOptional({ type: [ItemDto] })
  @IsOptional() @IsArray() @ArrayMaxSize(LIST_MAX) @ValidateNested({ each: true }) @Type(() => ItemDto) items?: ItemDto[];
  @ApiPropertyOptional({ type: [ParcelDto] })
  @IsOptional() @IsArray() @ArrayMaxSize(LIST_MAX) @ValidateNested({ each: true }) @Type(() => ParcelDto) parcels?: ParcelDto[];
  @ApiPropertyOptional({ type: FreightDto }) @IsOptional() @ValidateNested() @Type(() => FreightDto) freight?: FreightDto;
  @ApiPropertyOptional({ type: DeliveryDto }) @IsOptional() @ValidateNested() @Type(() => DeliveryDto) delivery?: DeliveryDto;
  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } })
  @IsOptional() @IsObject() @IsCustomAttributes(false) custom_attributes?: Record<string, string[]>;
}
