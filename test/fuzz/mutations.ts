import fc from 'fast-check';
import type { ValidRequest } from './valid-requests';

/** One change to a valid request: of its body, a path parameter, a query parameter, or whose ids it uses. */
export type Mutation =
  | { target: 'body'; describe: string; apply(body: unknown): unknown; raw?: string }
  | { target: 'path' | 'query'; index: number; value: unknown }
  | { target: 'other-tenant' };

const deep = (levels: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
};

/** Values a hostile or careless client sends: wrong types, nulls, unsafe text, huge, deep, negative, non-finite. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom<unknown>(
    null, [], {}, [[]], [{}], [null], '', ' ', '\u0000', 'a\u0000b', '\ud800', 'x\udc00', -1, -0.5, -1e308, 1e308, 0, 2.5, 2 ** 31, 2 ** 53 + 1,
    true, false, 'x'.repeat(100_000), '9'.repeat(400), 'NOPE', 'not-a-date', '2026-13-45', deep(100), Array.from({ length: 300 }, () => ({})),
    { $ne: 1 }, '../../etc/passwd', "' OR 1=1 --", '%00', '\ud83d\ude9a',
  ), weight: 4 },
  { arbitrary: fc.string({ maxLength: 30, unit: 'binary' }), weight: 1 },
  { arbitrary: fc.oneof(fc.integer(), fc.double()), weight: 1 },
  { arbitrary: fc.anything({ maxDepth: 2, maxKeys: 4 }), weight: 1 },
);

/** Bodies that are not valid JSON, or that JSON.stringify cannot produce. */
const RAW_BODIES = [
  `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`, `${'['.repeat(5000)}${']'.repeat(5000)}`, '{"merchant": 1e400}', '{"a":', 'not json',
  '"\\ud800"', '{"__proto__": {"admin": true}}', '{"constructor": {"prototype": {"x": 1}}}', '[]', 'null', '0',
];

export function mutationOf(valid: ValidRequest): fc.Arbitrary<Mutation> {
  const paths = pathsOf(valid.body);
  const body: fc.Arbitrary<Mutation> = fc.record({
    at: fc.nat({ max: Math.max(paths.length - 1, 0) }),
    how: fc.constantFrom('replace', 'replace', 'replace', 'add-unknown', 'delete', 'wrap-in-array'),
    value: hostileValue,
  }).map(({ at, how, value }) => ({
    target: 'body' as const,
    describe: `${how} ${paths[at]?.join('.') || '(body)'} with ${short(value)}`,
    apply: (original: unknown) => mutate(original, paths[at] ?? [], how, value),
  }));
  const raw: fc.Arbitrary<Mutation> = fc.constantFrom(...RAW_BODIES)
    .map((text) => ({ target: 'body' as const, describe: `raw ${text.slice(0, 40)}`, apply: (b: unknown) => b, raw: text }));
  const param = (target: 'path' | 'query'): fc.Arbitrary<Mutation> => fc.record({ index: fc.nat({ max: 3 }), value: fc.oneof(
    hostileValue, fc.constantFrom('00000000-0000-0000-0000-000000000000', 'unknown-id', 'x'.repeat(5000)),
  ) }).map(({ index, value }) => ({ target, index, value }));
  return fc.oneof(
    { arbitrary: body, weight: 6 },
    { arbitrary: raw, weight: 1 },
    { arbitrary: param('path'), weight: 2 },
    { arbitrary: param('query'), weight: 1 },
    { arbitrary: fc.constant<Mutation>({ target: 'other-tenant' }), weight: 1 },
  );
}

/** Every place in a JSON value, as key paths (the root is []). */
function pathsOf(value: unknown, at: Array<string | number> = [], out: Array<Array<string | number>> = []): Array<Array<string | number>> {
  out.push(at);
  if (Array.isArray(value)) value.forEach((entry, index) => pathsOf(entry, [...at, index], out));
  else if (value !== null && typeof value === 'object') for (const [key, entry] of Object.entries(value)) pathsOf(entry, [...at, key], out);
  return out;
}

function mutate(original: unknown, path: Array<string | number>, how: string, value: unknown): unknown {
  const copy: unknown = original === undefined ? undefined : structuredClone(original);
  if (path.length === 0) {
    if (how === 'wrap-in-array') return [copy];
    if (how === 'add-unknown' && copy && typeof copy === 'object') return Object.assign(copy, { surprise: value });
    return how === 'delete' ? undefined : value;
  }
  let holder = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) holder = holder[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (how === 'delete') {
    if (Array.isArray(holder)) holder.splice(Number(last), 1);
    else delete holder[last];
  } else if (how === 'wrap-in-array') holder[last] = [holder[last]];
  else if (how === 'add-unknown' && holder[last] && typeof holder[last] === 'object' && !Array.isArray(holder[last])) {
    (holder[last] as Record<string, unknown>).surprise = value;
  } else holder[last] = value;
  return copy;
}

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 60)}…(${text.length})` : text;
}

/** A path or query value as text: lone surrogates cannot be percent-encoded, so they go as raw bytes' escapes. */
export function encode(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? 'undefined';
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '')) + '%ED%A0%80';
  }
}
