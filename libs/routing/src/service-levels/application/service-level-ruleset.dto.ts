import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsIn, IsOptional, ValidateNested } from 'class-validator';
import { RulesetFieldsDto, RulesetPatchFieldsDto, RulesetResponseDto, RULESET_LIMITS } from '../../rulesets';
import { RuleConditionsDto } from '../../automation/application/automation-rule.dto';
import { RuleConditionsResponseDto } from '../../automation/application/automation-ruleset.dto';
import { SERVICE_LEVEL_CONFIG_TYPES } from '../domain/service-level-estimate';
import { SlaDto } from './sla.dto';

export const SERVICE_LEVEL_BODY_KEYS = { ruleset: 'service_level_rule_set', rules: 'service_level_rules' } as const;

/** A service-level rule: the base, the conditions of an automation rule, the date it sets and its SLA. */
export class ServiceLevelRuleDto extends RuleConditionsDto {
  @ApiProperty({ enum: SERVICE_LEVEL_CONFIG_TYPES, description: 'FULFILLMENT → estimated_process_date, SHIPPING → estimated_ship_date, DELIVERY → estimated_delivery_date, PROMISED → promised_delivery_date' })
  @IsIn(SERVICE_LEVEL_CONFIG_TYPES) config_type!: string;
  @ApiProperty({ type: SlaDto }) @IsDefined() @ValidateNested() @Type(() => SlaDto) sla!: SlaDto;
}

/** POST and PUT /service-level-rulesets: `{service_level_rule_set, service_level_rules}`. */
export class ServiceLevelRulesetBodyDto {
  @ApiProperty({ type: RulesetFieldsDto }) @IsDefined() @ValidateNested() @Type(() => RulesetFieldsDto)
  service_level_rule_set!: RulesetFieldsDto;
  @ApiPropertyOptional({ type: [ServiceLevelRuleDto], maxItems: RULESET_LIMITS.rulesPerBody })
  @IsOptional() @IsArray() @ArrayMaxSize(RULESET_LIMITS.rulesPerBody) @ValidateNested({ each: true }) @Type(() => ServiceLevelRuleDto)
  service_level_rules?: ServiceLevelRuleDto[];
}

/** PATCH: the ruleset's fields, wrapped as `{service_level_rule_set: {...}}` or bare; rules untouched. */
export class ServiceLevelRulesetPatchDto extends RulesetPatchFieldsDto {
  @ApiPropertyOptional({ type: RulesetPatchFieldsDto }) @IsOptional() @ValidateNested() @Type(() => RulesetPatchFieldsDto)
  service_level_rule_set?: RulesetPatchFieldsDto;
}

export class ServiceLevelRuleResponseDto extends RuleConditionsResponseDto {
  @ApiProperty({ enum: SERVICE_LEVEL_CONFIG_TYPES }) config_type!: string;
  @ApiProperty({ type: SlaDto }) sla!: SlaDto;
}

export class ServiceLevelRulesetResponseDto {
  @ApiProperty({ type: RulesetResponseDto }) service_level_rule_set!: RulesetResponseDto;
  @ApiProperty({ type: [ServiceLevelRuleResponseDto] }) service_level_rules!: ServiceLevelRuleResponseDto[];
}
