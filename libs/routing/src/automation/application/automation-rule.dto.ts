import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize, IsArray, IsBoolean, IsDefined, IsIn, IsNumber, IsOptional, IsString, IsTimeZone, Matches, Max, MaxLength, Min, MinLength, ValidateNested,
} from 'class-validator';
import { RuleBaseDto, RULESET_LIMITS } from '../../rulesets';
import { CARRIER_CHOICES, CONDITION_OPERATORS, WEEKDAYS } from '../domain/automation-rule';

/** Bounds of automation rule bodies (docs/limits.md). */
export const CONDITION_LIMITS = { values: 500, value: 250, places: 300, accounts: 20, attributes: 50, number: 1_000_000_000 } as const;

const Text = (max: number = CONDITION_LIMITS.value) => applyDecorators(IsString(), MinLength(1), MaxLength(max));
/** An optional nested object (or, with `max`, a list of them). */
const Nested = (type: new () => object, max?: number) => applyDecorators(
  ApiPropertyOptional({ type, isArray: max !== undefined }), IsOptional(), ...(max !== undefined ? [IsArray(), ArrayMaxSize(max)] : []),
  ValidateNested({ each: max !== undefined }), Type(() => type),
);
const Operator = () => applyDecorators(ApiProperty({ enum: CONDITION_OPERATORS }), IsIn(CONDITION_OPERATORS));
const Strings = (max: number, required = false) => applyDecorators(
  required ? ApiProperty({ type: [String], maxItems: max }) : ApiPropertyOptional({ type: [String], maxItems: max }),
  ...(required ? [IsDefined()] : [IsOptional()]), IsArray(), ArrayMaxSize(max), IsString({ each: true }), MaxLength(CONDITION_LIMITS.value, { each: true }),
);

export class StringConditionDto {
  @Operator() operator!: string;
  @Strings(CONDITION_LIMITS.values, true) value!: string[];
}

export class CityAreasDto {
  @ApiProperty() @Text() city!: string;
  @Strings(CONDITION_LIMITS.values) areas?: string[];
}

export class StateCitiesDto {
  @ApiProperty() @Text() state!: string;
  @Nested(CityAreasDto, CONDITION_LIMITS.values) city_areas?: CityAreasDto[];
}

export class GeoPlaceDto {
  @ApiProperty({ example: 'AE' }) @Matches(/^[A-Za-z]{2}$/, { message: 'must be a two-letter country code' }) country!: string;
  @Nested(StateCitiesDto, CONDITION_LIMITS.values) state_cities?: StateCitiesDto[];
}

export class GeoConditionDto {
  @Operator() operator!: string;
  @ApiProperty({ type: [GeoPlaceDto] }) @IsDefined() @IsArray() @ArrayMaxSize(CONDITION_LIMITS.places) @ValidateNested({ each: true }) @Type(() => GeoPlaceDto)
  value!: GeoPlaceDto[];
}

const Bound = () => applyDecorators(
  ApiPropertyOptional({ type: Number, nullable: true, description: 'absent, null or -1 = unbounded' }),
  IsOptional(), IsNumber({ allowNaN: false, allowInfinity: false }), Min(-1), Max(CONDITION_LIMITS.number),
);

export class RangeConditionDto {
  @Bound() min_value?: number | null;
  @Bound() max_value?: number | null;
}

export class RuleCustomConditionValueDto {
  @ApiProperty() @Text(100) attribute_name!: string;
  @ApiProperty({ enum: ['CONTAINS'] }) @IsIn(['CONTAINS']) operation!: string;
  @Strings(CONDITION_LIMITS.values, true) values!: string[];
}

export class RuleCustomConditionDto {
  @Operator() operator!: string;
  @ApiProperty({ type: [RuleCustomConditionValueDto] }) @IsDefined() @IsArray() @ArrayMaxSize(CONDITION_LIMITS.attributes)
  @ValidateNested({ each: true }) @Type(() => RuleCustomConditionValueDto)
  value!: RuleCustomConditionValueDto[];
}

export class CarrierAccountRefDto {
  @ApiProperty() @Text(RULESET_LIMITS.reference) carrier_account_id!: string;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A rule's base and its conditions (all optional): what every kind of rule matches shipments with. */
export class RuleConditionsDto extends RuleBaseDto {
  @Nested(StringConditionDto) source_type?: StringConditionDto;
  @Nested(StringConditionDto) payment_type?: StringConditionDto;
  @Nested(StringConditionDto) delivery_type?: StringConditionDto;
  @Nested(StringConditionDto) order_type?: StringConditionDto;
  @Nested(StringConditionDto) merchant?: StringConditionDto;
  @Nested(StringConditionDto) pickup_partner_location_ids?: StringConditionDto;
  @Nested(StringConditionDto) dropoff_partner_location_ids?: StringConditionDto;
  @Nested(GeoConditionDto) pickup_v2?: GeoConditionDto;
  @Nested(GeoConditionDto) dropoff_v2?: GeoConditionDto;
  @Nested(RangeConditionDto) volumetric_weight?: RangeConditionDto;
  @Nested(RangeConditionDto) gross_weight?: RangeConditionDto;
  @Nested(RangeConditionDto) chargeable_weight?: RangeConditionDto;
  @Nested(RangeConditionDto) parcel_count?: RangeConditionDto;
  @Bound() order_value_min?: number;
  @Bound() order_value_max?: number;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() dangerous_goods?: boolean;
  @ApiPropertyOptional({ enum: WEEKDAYS, isArray: true }) @IsOptional() @IsArray() @ArrayMaxSize(7) @IsIn(WEEKDAYS, { each: true }) days?: string[];
  @ApiPropertyOptional({ example: '09:00', description: 'HH:mm in the merchant\'s time zone' }) @IsOptional() @Matches(TIME, { message: 'must be HH:mm' }) start_time?: string;
  @ApiPropertyOptional({ example: '18:00', description: 'HH:mm in the merchant\'s time zone (exclusive)' }) @IsOptional() @Matches(TIME, { message: 'must be HH:mm' }) end_time?: string;
  @ApiPropertyOptional({ example: 'Asia/Dubai', description: 'the merchant\'s IANA time zone for days and times; default UTC' })
  @IsOptional() @IsTimeZone() @MaxLength(64) time_zone?: string;
  @Nested(RuleCustomConditionDto) custom_conditions?: RuleCustomConditionDto;
}

/** An automation rule: the base, its conditions and the accounts it chooses. */
export class AutomationRuleDto extends RuleConditionsDto {
  @Nested(CarrierAccountRefDto, CONDITION_LIMITS.accounts) carrier_accounts?: CarrierAccountRefDto[];
  @ApiPropertyOptional({ enum: CARRIER_CHOICES, description: 'with several accounts: the cheapest rate wins (else the first listed)' })
  @IsOptional() @IsIn(CARRIER_CHOICES) carrier_choice?: string;
}
