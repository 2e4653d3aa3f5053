/**
 * A location's `coords` is a string in the spec ("25.2048,55.2708"); a shipment address carries an
 * array of two numbers. Both forms are accepted on a location and it is stored and answered as the
 * string; a shipment filled from the location gets the array.
 */
export function parseCoords(value: unknown): [number, number] | undefined {
  let pair: unknown[];
  if (typeof value === 'string') pair = value.split(',').map((part) => (part.trim() === '' ? NaN : Number(part.trim())));
  else if (Array.isArray(value)) pair = value;
  else return undefined;
  if (pair.length !== 2 || !pair.every((n): n is number => typeof n === 'number' && Number.isFinite(n))) return undefined;
  const [latitude, longitude] = pair as [number, number];
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
  return [latitude, longitude];
}

export const coordsString = (pair: readonly [number, number]): string => `${pair[0]},${pair[1]}`;
