import { createHash } from 'node:crypto';

/**
 * Stream names of the inventory context, built only here. A level is one stream per tenant × location ×
 * SKU (the unit of atomic reservation, ADR 0013); the SKU is hashed so any characters are safe in a
 * stream name on every adapter (the events carry location and SKU in clear).
 */
export function levelStreamId(tenantId: string, locationId: string, sku: string): string {
  const key = createHash('sha256').update(`${locationId}\u0000${sku}`).digest('hex').slice(0, 40);
  return `inventory-level-${tenantId}-${key}`;
}

export function settingsStreamId(tenantId: string, merchant: string): string {
  return `inventory-settings-${tenantId}-${createHash('sha256').update(merchant).digest('hex').slice(0, 32)}`;
}
