import { randomUUID } from 'node:crypto';
import { SingleBar, Presets } from 'cli-progress';
import type { EventData, EventStore } from '@shipledger/event-store';
import { shipmentStreamId, type ShipmentContent } from '@shipledger/shipping';

const FIRST_NAMES = ['Fatima', 'Omar', 'Aisha', 'John', 'Maria', 'Wei', 'Priya', 'Lucas', 'Noor', 'Hannah', 'Yusuf', 'Elena'];
const LAST_NAMES = ['Haddad', 'Smith', 'Garcia', 'Chen', 'Khan', 'Novak', 'Rossi', 'Silva', 'Ahmed', 'Meyer', 'Tanaka', 'Okafor'];

export interface SeedResult {
  tenantId: string;
  references: string[];
  seconds: number;
}

/** A varied shipment: names, phones and references spread the search terms like real data. */
function seedContent(i: number, runId: string, merchant: string): ShipmentContent {
  const first = FIRST_NAMES[i % FIRST_NAMES.length] as string;
  const last = LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length] as string;
  const phone = `+971 5${i % 10} ${String(1_000_000 + ((i * 7919) % 9_000_000)).padStart(7, '0')}`;
  return {
    merchant,
    entity_type: i % 5 === 0 ? 'REVERSE' : 'FORWARD',
    references: { partner_shipment_reference: `SEED-${runId}-${i}`, partner_order_reference: `ORD-${runId}-${i}` },
    payment: { payment_mode: 'PRE_PAID', total_amount: 50 + (i % 200), currency: 'AED' },
    dropoff: { contact_name: `${first} ${last}`, contact_phone: phone, contact_email: `${first}.${last}.${i}@mail.test`.toLowerCase(),
      address1: `${i} Bench Street`, city: 'Dubai', country: 'AE' },
    pickup: { contact_name: 'Seed Warehouse', contact_phone: '+971 4 000 0000', contact_email: 'ops@seed.test', city: 'Dubai', country: 'AE' },
    items: [{ sku: `SKU-${i % 50}`, quantity: 1 + (i % 3), price: { amount: 25, currency: 'AED' } }],
  };
}

function draftCreated(tenantId: string, shipmentId: string, content: ShipmentContent, at: string): EventData {
  return {
    id: randomUUID(),
    type: 'ShipmentDraftCreated',
    data: { shipment_id: shipmentId, tenant_id: tenantId, content, at, actor: 'bench-seed' },
    metadata: {
      tenantId, actor: 'bench-seed', correlationId: randomUUID(), causationId: randomUUID(), requestId: randomUUID(),
      schemaVersion: 1, occurredAt: at,
    },
  };
}

/**
 * Appends `count` draft shipments straight to the event store (one stream each, `concurrency` appends in
 * flight), with a progress bar. The projector indexes them like any others.
 */
export async function seedShipments(
  eventStore: EventStore, tenantId: string, merchant: string, count: number, concurrency = 16,
): Promise<SeedResult> {
  const runId = randomUUID().slice(0, 6);
  const bar = new SingleBar({ format: 'seeding  [{bar}] {value}/{total} shipments  {eta}s left', etaBuffer: 2000 }, Presets.shades_classic);
  bar.start(count, 0);
  const started = Date.now();
  const base = started - count; // one millisecond apart: newest first is well defined
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < count) {
      const i = next++;
      const shipmentId = randomUUID();
      const at = new Date(base + i).toISOString();
      await eventStore.append(shipmentStreamId(shipmentId), [draftCreated(tenantId, shipmentId, seedContent(i, runId, merchant), at)], 'no_stream');
      if (i % 500 === 0) bar.update(Math.min(next, count));
    }
  }));
  bar.update(count);
  bar.stop();
  const references = Array.from({ length: count }, (_, i) => `SEED-${runId}-${i}`);
  return { tenantId, references, seconds: (Date.now() - started) / 1000 };
}
