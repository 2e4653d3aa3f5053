import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize, IsArray, IsBoolean, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateNested,
} from 'class-validator';
import {
  CODE_MAX, DESCRIPTION_MAX, DimensionDto, HS_CODE_MAX, MoneyDto, QUANTITY_MAX, REFERENCE_MAX, URL_MAX, WeightDto,
} from './common.dto';

/** Items, parcels, parcel items, packages and other references (where-the-spec-is-silent.md: more than 250 → 400). */
export const LIST_MAX = 250;

export class ParcelItemDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) sku?: string;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(0) @Max(QUANTITY_MAX) quantity?: number;
}

export class ParcelDto {
  @ApiPropertyOptional({ description: 'set by the service; send it back to keep a parcel' })
  @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) parcel_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) partner_parcel_reference?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(DESCRIPTION_MAX) description?: string;
  @ApiPropertyOptional({ type: WeightDto }) @IsOptional() @ValidateNested() @Type(() => WeightDto) weight?: WeightDto;
  @ApiPropertyOptional({ type: DimensionDto }) @IsOptional() @ValidateNested() @Type(() => DimensionDto) dimension?: DimensionDto;
  @ApiPropertyOptional({ type: [ParcelItemDto] })
  @IsOptional() @IsArray() @ArrayMaxSize(LIST_MAX) @ValidateNested({ each: true }) @Type(() => ParcelItemDto)
  parcel_items?: ParcelItemDto[];
}

export class BatteryDto {
  @ApiPropertyOptional({ example: 'lithium_ion' }) @IsOptional() @IsString() @MaxLength(CODE_MAX) material_type?: string;
  @ApiPropertyOptional({ example: 'contained_in_equipment' }) @IsOptional() @IsString() @MaxLength(CODE_MAX) packing_type?: string;
}

export class ItemDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) sku?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(DESCRIPTION_MAX) description?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) barcode?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(URL_MAX) image_link?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(CODE_MAX) origin_country?: string;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(0) @Max(QUANTITY_MAX) quantity?: number;
  @ApiPropertyOptional({ type: MoneyDto }) @IsOptional() @ValidateNested() @Type(() => MoneyDto) price?: MoneyDto;
  @ApiPropertyOptional({ type: MoneyDto }) @IsOptional() @ValidateNested() @Type(() => MoneyDto) cost?: MoneyDto;
  @ApiPropertyOptional({ type: WeightDto }) @IsOptional() @ValidateNested() @Type(() => WeightDto) weight?: WeightDto;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() dangerous_goods?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(HS_CODE_MAX) hs_code?: string;
  @ApiPropertyOptional({ type: BatteryDto }) @IsOptional() @ValidateNested() @Type(() => BatteryDto) battery?: BatteryDto;
}

export class FreightPackageDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) package_reference?: string;
  @ApiPropertyOptional({ example: 'pallet' }) @IsOptional() @IsString() @MaxLength(CODE_MAX) type?: string;
  @ApiPropertyOptional({ type: WeightDto }) @IsOptional() @ValidateNested() @Type(() => WeightDto) weight?: WeightDto;
  @ApiPropertyOptional({ type: DimensionDto }) @IsOptional() @ValidateNested() @Type(() => DimensionDto) dimension?: DimensionDto;
  @ApiPropertyOptional({ description: 'package_reference of the containing package' })
  @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) parent?: string;
}

export class FreightDto {
  @ApiPropertyOptional({ type: [FreightPackageDto] })
  @IsOptional() @IsArray() @ArrayMaxSize(LIST_MAX) @ValidateNested({ each: true }) @Type(() => FreightPackageDto)
  packages?: FreightPackageDto[];
}

/** Body of PUT parcels and of ready-to-ship. */
export class UpdateParcelsDto {
  @ApiPropertyOptional({ type: [ParcelDto] })
  @IsOptional() @IsArray() @ArrayMaxSize(LIST_MAX) @ValidateNested({ each: true }) @Type(() => ParcelDto)
  parcels?: ParcelDto[];
}
