import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import { ANY, RULESET_ENTITY_TYPES, RULESET_STATUSES } from '../domain';

/** Bounds of ruleset bodies (docs/limits.md). */
export const RULESET_LIMITS = {
  name: 250, description: 1000, merchants: 1000, countries: 300, reference: 250, sequenceMax: 1_000_000, rulesPerBody: 200,
} as const;

export function RequiredText(max: number, example?: string): PropertyDecorator {
  return applyDecorators(ApiProperty({ maxLength: max, example }), IsString(), MinLength(1), MaxLength(max));
}

export function OptionalText(max: number, example?: string): PropertyDecorator {
  return applyDecorators(ApiPropertyOptional({ maxLength: max, example }), IsOptional(), IsString(), MaxLength(max));
}

/** A field a client may echo back from a response; ignored on input. */
export function ResponseOnly(): PropertyDecorator {
  return applyDecorators(ApiPropertyOptional({ readOnly: true }), Allow());
}

export function MerchantList(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: [String], example: [ANY], description: 'merchant ids; ["_ANY"] (or absent/empty) = every merchant', maxItems: RULESET_LIMITS.merchants }),
    IsOptional(), IsArray(), ArrayMaxSize(RULESET_LIMITS.merchants), IsString({ each: true }), MaxLength(RULESET_LIMITS.reference, { each: true }),
  );
}

export function CountryList(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: [String], example: ['AE'], description: 'ISO 3166-1 alpha-2 codes; ["_ANY"] (or absent/empty) = every country', maxItems: RULESET_LIMITS.countries }),
    IsOptional(), IsArray(), ArrayMaxSize(RULESET_LIMITS.countries),
    Matches(/^([A-Za-z]{2}|_ANY)$/, { each: true, message: 'each value must be a two-letter country code or _ANY' }),
  );
}

export function RulesetStatusField(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ enum: RULESET_STATUSES, description: 'ACTIVE (default), INACTIVE; DELETED deletes it' }),
    IsOptional(), IsIn(RULESET_STATUSES),
  );
}

/** The `…_rule_set` object of a create or PUT (every kind). */
export class RulesetFieldsDto {
  @ResponseOnly() rule_set_id?: unknown;
  @RequiredText(RULESET_LIMITS.name, 'UAE express') name!: string;
  @ApiPropertyOptional({ enum: RULESET_ENTITY_TYPES, description: 'default FORWARD' }) @IsOptional() @IsIn(RULESET_ENTITY_TYPES) entity_type?: string;
  @MerchantList() merchants?: string[];
  @CountryList() countries?: string[];
  @RulesetStatusField() status?: string;
  @OptionalText(RULESET_LIMITS.description) description?: string;
  @ResponseOnly() created_at?: unknown;
  @ResponseOnly() updated_at?: unknown;
}

/** The `…_rule_set` object of a PATCH: only the fields sent change; the rules are untouched. */
export class RulesetPatchFieldsDto {
  @ResponseOnly() rule_set_id?: unknown;
  @OptionalText(RULESET_LIMITS.name, 'UAE express') name?: string;
  @ApiPropertyOptional({ enum: RULESET_ENTITY_TYPES }) @IsOptional() @IsIn(RULESET_ENTITY_TYPES) entity_type?: string;
  @MerchantList() merchants?: string[];
  @CountryList() countries?: string[];
  @RulesetStatusField() status?: string;
  @OptionalText(RULESET_LIMITS.description) description?: string;
  @ResponseOnly() created_at?: unknown;
  @ResponseOnly() updated_at?: unknown;
}

/** The fields every kind's rule has; a kind's rule DTO extends this with its conditions and outcome. */
export class RuleBaseDto {
  @OptionalText(RULESET_LIMITS.reference) rule_id?: string;
  @RequiredText(RULESET_LIMITS.name, 'Heavy parcels to the cheapest') rule_name!: string;
  @ApiPropertyOptional({ minimum: 0, maximum: RULESET_LIMITS.sequenceMax, description: 'lower runs first; default after the last rule' })
  @IsOptional() @IsInt() @Min(0) @Max(RULESET_LIMITS.sequenceMax) sequence?: number;
  @RulesetStatusField() status?: string;
  @OptionalText(RULESET_LIMITS.description) description?: string;
}

/** One entry of `PATCH …/rules/sequences` (the body is an array of these). */
export class RuleSequenceDto {
  @RequiredText(RULESET_LIMITS.reference) rule_id!: string;
  @ApiProperty({ minimum: 0, maximum: RULESET_LIMITS.sequenceMax }) @IsInt() @Min(0) @Max(RULESET_LIMITS.sequenceMax) sequence!: number;
}

/** The ruleset as every response shows it. */
export class RulesetResponseDto {
  @ApiProperty() rule_set_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: RULESET_ENTITY_TYPES }) entity_type!: string;
  @ApiProperty({ type: [String] }) merchants!: string[];
  @ApiProperty({ type: [String] }) countries!: string[];
  @ApiProperty({ enum: RULESET_STATUSES }) status!: string;
  @ApiPropertyOptional() description?: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}

/** The base of a rule in responses; a kind's rule response extends it. */
export class RuleBaseResponseDto {
  @ApiProperty() rule_id!: string;
  @ApiProperty() rule_name!: string;
  @ApiProperty() sequence!: number;
  @ApiProperty({ enum: RULESET_STATUSES }) status!: string;
  @ApiPropertyOptional() description?: string;
}
