import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsOptional, IsString, MaxLength, registerDecorator } from 'class-validator';

/**
 * The bounds of the shipment fields a configuration object stands for (docs/limits.md), so a stored
 * location always fits the address it fills and a delivery type code fits delivery.delivery_type.
 */
export const REFERENCE_MAX = 250;
export const CODE_MAX = 50;
export const NAME_MAX = 100;
export const ADDRESS_LINE_MAX = 255;
export const PLACE_MAX = 100;
export const POSTCODE_MAX = 20;
export const PHONE_MAX = 30;
export const EMAIL_MAX = 254;
/** Merchants one configuration object may name. */
export const MERCHANTS_MAX = 1000;

/**
 * A required string: missing, null or blank → "must not be blank" (the message shipment clients know),
 * another type → "must be a string", too long → the bound. One rule, so exactly one message per field.
 */
export function RequiredString(max: number, example?: string): PropertyDecorator {
  return applyDecorators(ApiProperty({ maxLength: max, example }), (target: object, propertyName: string | symbol) => {
    registerDecorator({
      name: 'requiredString',
      target: target.constructor,
      propertyName: String(propertyName),
      constraints: [max],
      options: {
        message: (args) => {
          const value = args.value as unknown;
          if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return 'must not be blank';
          if (typeof value !== 'string') return 'must be a string';
          return `must be shorter than or equal to ${max} characters`;
        },
      },
      validator: {
        validate: (value: unknown) => typeof value === 'string' && value.trim() !== '' && value.length <= max,
      },
    });
  });
}

export function OptionalString(max: number, example?: string): PropertyDecorator {
  return applyDecorators(ApiPropertyOptional({ maxLength: max, example }), IsOptional(), IsString(), MaxLength(max));
}

/** `merchants`: the merchants that may use the object; none (or absent) = every merchant of the tenant. */
export function Merchants(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: [String], description: 'merchants that may use it; empty or absent = every merchant', maxItems: MERCHANTS_MAX }),
    IsOptional(), IsArray(), ArrayMaxSize(MERCHANTS_MAX), IsString({ each: true }), MaxLength(REFERENCE_MAX, { each: true }),
  );
}
