import { randomUUID } from 'node:crypto';
import { ApiError, plainJson } from '@shipledger/platform';
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

/** ISO 8601 in, `2026-11-21T10:15:00.000Z` out; a value without an offset is taken as UTC. */
export function normaliseDateTime(value: string): string {
  const hasOffset = /(Z|[+-]\d{2}:?\d{2})$/i.test(value);
  const isDateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const parsed = new Date(isDateOnly ? `${value}T00:00:00Z` : hasOffset ? value : `${value}Z`);
  if (Number.isNaN(parsed.getTime())) throw ApiError.badRequest(`Invalid date-time: ${value}`);
  return parsed.toISOString();
}
