const EARTH_RADIUS_KM = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance between two [latitude, longitude] points, in km rounded to 0.1. */
export function distanceKm(from: readonly [number, number], to: readonly [number, number]): number {
  const dLat = radians(to[0] - from[0]);
  const dLng = radians(to[1] - from[1]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(from[0])) * Math.cos(radians(to[0])) * Math.sin(dLng / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(h)) * 10) / 10;
}
