import type { ApiErrorDetail } from './api-error';

/**
 * Text that Postgres cannot hold: a NUL character (text and jsonb refuse it) or a UTF-16 surrogate
 * without its pair (not valid Unicode, so not valid UTF-8 either). Accepted once, either one would sit
 * in an event that every projector writing jsonb fails on forever.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const UNSAFE_TEXT_MESSAGE = 'must not contain NUL characters or unpaired UTF-16 surrogates';

export function isUnsafeText(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/**
 * Every string (and object key) under `value` that Postgres cannot hold, named by its path from
 * `prefix` (`dropoff.city`, `items.0.sku`). Walks with its own stack: the depth of a JSON body is
 * bounded by the parser, but this must not depend on it.
 */
export function unsafeTextFields(value: unknown, prefix: string): ApiErrorDetail[] {
  const found: ApiErrorDetail[] = [];
  const stack: Array<[unknown, string]> = [[value, prefix]];
  while (stack.length > 0) {
    const [current, path] = stack.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (isUnsafeText(current)) found.push({ field: path || 'body', message: UNSAFE_TEXT_MESSAGE });
    } else if (Array.isArray(current)) {
      current.forEach((entry, index) => stack.push([entry, join(path, String(index))]));
    } else if (current !== null && typeof current === 'object') {
      for (const [key, entry] of Object.entries(current)) {
        if (isUnsafeText(key)) found.push({ field: path ? `${path} (a key)` : 'body (a key)', message: UNSAFE_TEXT_MESSAGE });
        else stack.push([entry, join(path, key)]);
      }
    }
  }
  return found.reverse();
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}
