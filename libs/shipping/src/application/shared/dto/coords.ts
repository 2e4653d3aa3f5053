import { ValidatedBy } from '@shipledger/platform';

/**
 * `coords` of a shipment address: `[latitude, longitude]`, or the string "latitude,longitude" that
 * locations use (the spec shows both). Both are read as the array, which is what is stored and answered.
 * A string that is not two numbers is left as it is, for the validator to name.
 */
export function coordsFromString(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const parts = value.split(',');
  if (parts.length !== 2 || parts.some((part) => part.trim() === '')) return value;
  const pair = parts.map((part) => Number(part.trim()));
  return pair.every(Number.isFinite) ? pair : value;
}

export function isCoords(value: unknown): value is [number, number] {
  return Array.isArray(value) && value.length === 2 && value.every((n) => typeof n === 'number' && Number.isFinite(n))
    && Math.abs(value[0] as number) <= 90 && Math.abs(value[1] as number) <= 180;
}

export const IsCoords = (): PropertyDecorator => ValidatedBy('isCoords', isCoords,
  'must be [latitude, longitude] or "latitude,longitude" (latitude -90..90, longitude -180..180)');
