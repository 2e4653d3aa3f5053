import { Transform } from 'class-transformer';

export const REFERENCE_MAX = 250;
export const DESCRIPTION_MAX = 1000;
/** Items, FOs and list fields per request (the shipping area's limit of 250 items/parcels). */
export const LIST_MAX = 250;

/**
 * PHP clients encode an empty map as `[]`: an empty list where an object is expected counts as an
 * empty object of that class.
 */
export function EmptyListAsObject(of: new () => object): PropertyDecorator {
  return Transform(({ value }) => (Array.isArray(value) && value.length === 0 ? new of() : value));
}
