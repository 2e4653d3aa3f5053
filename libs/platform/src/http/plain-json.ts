/**
 * What `JSON.parse(JSON.stringify(value))` gives for a validated body (class instances become plain
 * objects, undefined properties go, undefined array items become null), without printing and parsing
 * the whole text on every request. The one DTO → domain mapping of the HTTP edge, for every context.
 */
export function plainJson<T>(value: T): T {
  return toPlain(value) as T;
}

function toPlain(value: unknown): unknown {
  if (value === null || typeof value !== 'object') {
    if (typeof value !== 'number') return value;
    return Number.isFinite(value) ? value + 0 : null; // -0 prints as 0
  }
  const withToJson = value as { toJSON?: () => unknown };
  if (typeof withToJson.toJSON === 'function') return toPlain(withToJson.toJSON());
  if (Array.isArray(value)) {
    return value.map((item: unknown) => (item === undefined || typeof item === 'function' ? null : toPlain(item)));
  }
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== undefined && typeof item !== 'function' && typeof item !== 'symbol') copy[key] = toPlain(item);
  }
  return copy;
}
