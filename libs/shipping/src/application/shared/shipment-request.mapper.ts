import { randomUUID } from 'node:crypto';
import { ApiError } from '@shipledger/platform';
import type { Parcel, ShipmentContent, ShipmentPatch } from '../../domain/shipment';
import type { ParcelDto } from './dto/parcel.dto';
import { READ_ONLY_SHIPMENT_FIELDS, type ShipmentRequestDto } from './dto/shipment-request.dto';

/** A validated request body as a domain patch: plain JSON, dates normalised, parcel ids assigned. */
export function toShipmentPatch(dto: ShipmentRequestDto | undefined): ShipmentPatch {
  if (!dto) return {};
  const raw = plainJson(dto) as Record<string, unknown>;
  for (const field of READ_ONLY_SHIPMENT_FIELDS) delete raw[field];
  const plain = raw as ShipmentPatch;
  if (plain.carrier_account) {
    const { carrier_id: carrierId, carrier_account_name: name } = plain.carrier_account;
    plain.carrier_account = { ...(carrierId ? { carrier_id: carrierId } : {}), ...(name ? { carrier_account_name: name } : {}) };
  }
  if (plain.order_date) plain.order_date = normaliseDateTime(plain.order_date);
  if (plain.estimated_process_date) plain.estimated_process_date = normaliseDateTime(plain.estimated_process_date);
  for (const key of ['delivery', 'collection'] as const) {
    const schedule = plain[key];
    if (schedule?.scheduled_from) schedule.scheduled_from = normaliseDateTime(schedule.scheduled_from);
    if (schedule?.scheduled_to) schedule.scheduled_to = normaliseDateTime(schedule.scheduled_to);
  }
  if (plain.parcels) plain.parcels = withParcelIds(plain.parcels);
  return plain;
}

/** A whole request (create, PUT): `null` custom attributes mean nothing there. */
export function toShipmentContent(dto: ShipmentRequestDto | undefined): ShipmentContent {
  const patch = toShipmentPatch(dto);
  const attributes = patch.custom_attributes;
  if (!attributes) return patch as ShipmentContent;
  const kept = Object.fromEntries(Object.entries(attributes).filter((entry): entry is [string, string[]] => entry[1] !== null));
  return { ...patch, custom_attributes: kept };
}

export function withParcelIds(parcels: readonly (Parcel | ParcelDto)[]): Parcel[] {
  return parcels.map((parcel) => ({ ...(plainJson(parcel) as Parcel), parcel_id: parcel.parcel_id || randomUUID() }));
}

/**
 * What `JSON.parse(JSON.stringify(value))` gives for a validated body (class instances become plain
 * objects, undefined properties go, undefined array items become null), without printing and parsing
 * the whole text on every request.
 */
export function plainJson(value: unknown): unknown {
  if (value === null || typeof value !== 'object') {
    if (typeof value !== 'number') return value;
    return Number.isFinite(value) ? value + 0 : null; // -0 prints as 0
  }
  const withToJson = value as { toJSON?: () => unknown };
  if (typeof withToJson.toJSON === 'function') return plainJson(withToJson.toJSON());
  if (Array.isArray(value)) {
    return value.map((item: unknown) => (item === undefined || typeof item === 'function' ? null : plainJson(item)));
  }
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== undefined && typeof item !== 'function' && typeof item !== 'symbol') copy[key] = plainJson(item);
  }
  return copy;
}

/** ISO 8601 in, `2026-11-21T10:15:00.000Z` out; a value without an offset is taken as UTC. */
export function normaliseDateTime(value: string): string {
  const hasOffset = /(Z|[+-]\d{2}:?\d{2})$/i.test(value);
  const isDateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const parsed = new Date(isDateOnly ? `${value}T00:00:00Z` : hasOffset ? value : `${value}Z`);
  if (Number.isNaN(parsed.getTime())) throw ApiError.badRequest(`Invalid date-time: ${value}`);
  return parsed.toISOString();
}
