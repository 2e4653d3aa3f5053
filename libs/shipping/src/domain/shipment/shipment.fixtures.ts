import type { CarrierAssignment } from './shipment.commands';
import type { ShipmentContent } from './shipment.content';
import type { ShipmentEvent } from './shipment.events';
import { fold } from './shipment.evolve';
import type { ShipmentState } from './shipment.state';
import type { ShipmentStatus } from './shipment.status';

/** Test data for the decider specifications (pure, no framework). */
export const AT = '2026-11-21T10:15:00.000Z';
export const ACTOR = 'client-1';
export const STAMP = { at: AT, actor: ACTOR };

export const ACCOUNT = { carrier: 'SANDBOX', carrier_id: 'ca-1', carrier_account_name: 'Sandbox main' };
export const ASSIGNED: CarrierAssignment = { kind: 'assigned', account: ACCOUNT };

export function bookableContent(overrides: ShipmentContent = {}): ShipmentContent {
  return {
    merchant: 'SHOP1',
    entity_type: 'FORWARD',
    references: { partner_shipment_reference: 'REF-1', partner_order_reference: 'ORD-1' },
    pickup: { address1: '1 Pickup Road', city: 'Dubai', country: 'AE' },
    dropoff: { contact_name: 'Ann', contact_email: 'ann@example.com', address1: '2 Drop St', city: 'Dubai', country: 'AE' },
    items: [{ sku: 'SKU-1', quantity: 1 }],
    parcels: [{ parcel_id: 'p-1', weight: { value: 1, unit: 'kg' }, parcel_items: [{ sku: 'SKU-1', quantity: 1 }] }],
    ...overrides,
  };
}

/** A shipment in any status: a draft moved there directly (evolve trusts its events). */
export function shipmentIn(status: ShipmentStatus, content: ShipmentContent = bookableContent()): ShipmentState {
  const events: ShipmentEvent[] = [
    { type: 'ShipmentDraftCreated', data: { shipment_id: 'shp-1', tenant_id: 't-1', content, ...STAMP } },
  ];
  if (status !== 'draft') events.push({ type: 'ShipmentStatusChanged', data: { from: 'draft', to: status, ...STAMP } });
  return fold(events);
}
