import { createHash } from 'node:crypto';

/**
 * Stream names of the inventory context, built only here. A level is one stream per tenant × location ×
 * SKU (the unit of atomic reservation, ADR 0013); the SKU is hashed so any characters are safe in a
 * stream name on every adapter (the events carry location and SKU in clear).
 */
export function levelStreamId(tenantId: string, locationId: string, sku: string): string {
  const place = `${locationId}\u0000${sku}`;
  let key = levelKeys.get(place);
  if (key === undefined) {
    key = createHash('sha256').update(place).digest('hex').slice(0, 40);
    if (levelKeys.size >= LEVEL_KEYS_KEPT) levelKeys.clear();
    levelKeys.set(place, key);
  }
  return `inventory-level-${tenantId}-${key}`;
}

/** Hashes of location × SKU already computed (an allocation names up to every location × SKU of an order). */
const LEVEL_KEYS_KEPT = 100_000;
const levelKeys = new Map<string, string>();

export function settingsStreamId(tenantId: string, merchant: string): string {
  return `inventory-settings-${tenantId}-${createHash('sha256').update(merchant).digest('hex').slice(0, 32)}`;
}
