import { createHash } from 'node:crypto';

/**
 * A UUID (version 5 layout, SHA-256 based) that is a pure function of its parts: a reactor that handles
 * the same event twice derives the same event ids and request ids, which is what makes its effects
 * exactly-once.
 */
export function deterministicUuid(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
