import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsOptional, IsString, MaxLength } from 'class-validator';

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

/** Required strings follow the one rule every context uses (platform's RequiredString). */
export { RequiredString } from '@shipledger/platform';

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
