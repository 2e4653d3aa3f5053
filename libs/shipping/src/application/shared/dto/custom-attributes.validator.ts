import type { ValidationOptions } from 'class-validator';
import { ValidatedBy } from '@shipledger/platform';

/** Bounds of `custom_attributes` (docs/limits.md). */
export const CUSTOM_ATTRIBUTES_MAX = 100;
export const CUSTOM_ATTRIBUTE_NAME_MAX = 100;
export const CUSTOM_ATTRIBUTE_VALUES_MAX = 50;
export const CUSTOM_ATTRIBUTE_VALUE_MAX = 1000;

/** `{name: ["value", ...]}`; with `allowNull`, `null` (remove the attribute) is accepted as a value. */
export function IsCustomAttributes(allowNull: boolean, options?: ValidationOptions): PropertyDecorator {
  return ValidatedBy('isCustomAttributes', (value) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
    const entries = Object.entries(value);
    return entries.length <= CUSTOM_ATTRIBUTES_MAX && entries.every(([name, entry]) => name.length <= CUSTOM_ATTRIBUTE_NAME_MAX
      && ((allowNull && entry === null) || (Array.isArray(entry) && entry.length <= CUSTOM_ATTRIBUTE_VALUES_MAX
        && entry.every((item) => typeof item === 'string' && item.length <= CUSTOM_ATTRIBUTE_VALUE_MAX))));
  }, `must map at most ${CUSTOM_ATTRIBUTES_MAX} attribute names (up to ${CUSTOM_ATTRIBUTE_NAME_MAX} characters) to arrays of `
    + `at most ${CUSTOM_ATTRIBUTE_VALUES_MAX} strings of up to ${CUSTOM_ATTRIBUTE_VALUE_MAX} characters`, { options });
}
