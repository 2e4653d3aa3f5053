import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsOptional, ValidateNested } from 'class-validator';
import { RuleBaseResponseDto, RulesetFieldsDto, RulesetPatchFieldsDto, RulesetResponseDto, RULESET_LIMITS } from '../../rulesets';
import { CARRIER_CHOICES, WEEKDAYS } from '../domain/automation-rule';
import {
  AutomationRuleDto, CarrierAccountRefDto, RuleCustomConditionDto, GeoConditionDto, RangeConditionDto, StringConditionDto,
} from './automation-rule.dto';

export const AUTOMATION_BODY_KEYS = { ruleset: 'automation_rule_set', rules: 'automation_rules' } as const;

/** POST and PUT /automation-rulesets: `{automation_rule_set, automation_rules}` (PUT replaces the rules too). */
export class AutomationRulesetBodyDto {
  @ApiProperty({ type: RulesetFieldsDto }) @IsDefined() @ValidateNested() @Type(() => RulesetFieldsDto)
  automation_rule_set!: RulesetFieldsDto;
  @ApiPropertyOptional({ type: [AutomationRuleDto], maxItems: RULESET_LIMITS.rulesPerBody })
  @IsOptional() @IsArray() @ArrayMaxSize(RULESET_LIMITS.rulesPerBody) @ValidateNested({ each: true }) @Type(() => AutomationRuleDto)
  automation_rules?: AutomationRuleDto[];
}

/** PATCH: the ruleset's fields only, wrapped as `{automation_rule_set: {...}}` or sent bare; rules untouched. */
export class AutomationRulesetPatchDto extends RulesetPatchFieldsDto {
  @ApiPropertyOptional({ type: RulesetPatchFieldsDto }) @IsOptional() @ValidateNested() @Type(() => RulesetPatchFieldsDto)
  automation_rule_set?: RulesetPatchFieldsDto;
}

/** A rule in responses: the base and the conditions every kind shares. */
export class RuleConditionsResponseDto extends RuleBaseResponseDto {
  @ApiPropertyOptional({ type: StringConditionDto }) source_type?: StringConditionDto;
  @ApiPropertyOptional({ type: StringConditionDto }) payment_type?: StringConditionDto;
  @ApiPropertyOptional({ type: StringConditionDto }) delivery_type?: StringConditionDto;
  @ApiPropertyOptional({ type: StringConditionDto }) order_type?: StringConditionDto;
  @ApiPropertyOptional({ type: StringConditionDto }) merchant?: StringConditionDto;
  @ApiPropertyOptional({ type: StringConditionDto }) pickup_partner_location_ids?: StringConditionDto;
  @ApiPropertyOptional({ type: StringConditionDto }) dropoff_partner_location_ids?: StringConditionDto;
  @ApiPropertyOptional({ type: GeoConditionDto }) pickup_v2?: GeoConditionDto;
  @ApiPropertyOptional({ type: GeoConditionDto }) dropoff_v2?: GeoConditionDto;
  @ApiPropertyOptional({ type: RangeConditionDto }) volumetric_weight?: RangeConditionDto;
  @ApiPropertyOptional({ type: RangeConditionDto }) gross_weight?: RangeConditionDto;
  @ApiPropertyOptional({ type: RangeConditionDto }) chargeable_weight?: RangeConditionDto;
  @ApiPropertyOptional({ type: RangeConditionDto }) parcel_count?: RangeConditionDto;
  @ApiPropertyOptional() order_value_min?: number;
  @ApiPropertyOptional() order_value_max?: number;
  @ApiPropertyOptional() dangerous_goods?: boolean;
  @ApiPropertyOptional({ enum: WEEKDAYS, isArray: true }) days?: string[];
  @ApiPropertyOptional() start_time?: string;
  @ApiPropertyOptional() end_time?: string;
  @ApiPropertyOptional() time_zone?: string;
  @ApiPropertyOptional({ type: RuleCustomConditionDto }) custom_conditions?: RuleCustomConditionDto;
}

export class AutomationRuleResponseDto extends RuleConditionsResponseDto {
  @ApiPropertyOptional({ type: [CarrierAccountRefDto] }) carrier_accounts?: CarrierAccountRefDto[];
  @ApiPropertyOptional({ enum: CARRIER_CHOICES }) carrier_choice?: string;
}

export class AutomationRulesetResponseDto {
  @ApiProperty({ type: RulesetResponseDto }) automation_rule_set!: RulesetResponseDto;
  @ApiProperty({ type: [AutomationRuleResponseDto] }) automation_rules!: AutomationRuleResponseDto[];
}
