import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import type { ApiErrorDetail } from '@shipledger/platform';
import { ATTRIBUTE_ENTITY_TYPES, ATTRIBUTE_TYPES, type AttributeEntityType, type AttributeType } from '../../domain';
import { Merchants, REFERENCE_MAX, RequiredString } from '../shared/dto/fields';

export const ALLOWED_VALUES_MAX = 1000;

/** POST and PUT /attributes (where-the-spec-is-silent.md, "Attribute"). */
export class AttributeRequestDto {
  /** ENUM needs its allowed values; the other types take none. */
  static bodyRules(body: unknown): ApiErrorDetail[] {
    const { attribute_type: type, allowed_values: values } = (body ?? {}) as { attribute_type?: unknown; allowed_values?: unknown };
    if (type === 'ENUM' && (!Array.isArray(values) || values.length === 0)) return [{ field: 'allowed_values', message: 'must list the values of an ENUM attribute' }];
    if (type !== 'ENUM' && Array.isArray(values) && values.length > 0) return [{ field: 'allowed_values', message: 'is only for ENUM attributes' }];
    return [];
  }

  @RequiredString(REFERENCE_MAX, 'gift_note') attribute_name!: string;
  @ApiProperty({ enum: ATTRIBUTE_TYPES }) @IsIn(ATTRIBUTE_TYPES, { message: `must be one of ${ATTRIBUTE_TYPES.join(', ')}` }) attribute_type!: AttributeType;
  @ApiPropertyOptional({ enum: ATTRIBUTE_ENTITY_TYPES, default: 'SHIPMENT' })
  @IsOptional() @IsIn(ATTRIBUTE_ENTITY_TYPES, { message: `must be one of ${ATTRIBUTE_ENTITY_TYPES.join(', ')}` }) attribute_entity_type?: AttributeEntityType;
  @ApiPropertyOptional({ type: [String], maxItems: ALLOWED_VALUES_MAX })
  @IsOptional() @IsArray() @ArrayMaxSize(ALLOWED_VALUES_MAX) @IsString({ each: true }) @MaxLength(REFERENCE_MAX, { each: true }) allowed_values?: string[];
  @Merchants() merchants?: string[];
  @ApiPropertyOptional({ readOnly: true }) @Allow() custom_attribute_id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() deleted?: unknown;
}
