/**
 * A query parameter's list: repeated (`k=a&k=b`), comma-separated (`k=a,b`) or both, each value
 * trimmed and blanks dropped; absent → []. Every list filter of the API reads its values this way.
 */
export function queryList(value: unknown): string[] {
  const values = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return values.flatMap((v) => String(v).split(',')).map((v) => v.trim()).filter((v) => v !== '');
}

/** A query parameter given at most once, as sent; undefined when absent, `repeated(key)` thrown when given twice. */
export function querySingle(q: Record<string, unknown>, key: string, repeated: (key: string) => Error): string | undefined {
  const value = q[key];
  if (value === undefined) return undefined;
  if (Array.isArray(value)) throw repeated(key);
  return String(value);
}
