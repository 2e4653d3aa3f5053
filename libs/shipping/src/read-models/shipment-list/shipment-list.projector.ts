import type { Kysely } from 'kysely';
import type { ShipmentListTables } from '../../storage/shipping-database';
import { batchProjector } from '@shipledger/projections';
import type { RecordedEvent } from '@shipledger/event-store';
import { SHIPMENT_EVENT_TYPES } from '../../domain/shipment/shipment.events';
import { shipmentListMigrations } from './shipment-list.migrations';
import { searchTermsOfState } from './search-terms';
import { SHIPMENT_LIST_PROJECTOR } from './shipment-list.queries';
import { foldShipment, groupByShipment, shipmentKey, type ShipmentEvents } from './shipment-list.fold';
import { insertTerms, selectRows, upsertRows, type SearchTermRow, type ShipmentWrite } from './shipment-list.writes';

/** Shipments per set of statements: bounds the size of one statement's JSON and arrays. */
const SHIPMENTS_PER_WRITE = 1000;

/**
 * The shipment-list read model: one row per shipment (filters, paging, bulk status) plus its search
 * terms. A batch costs at most three statements per thousand shipments, whatever its number of events:
 * read the touched rows, fold each shipment's events in memory, upsert the rows (deleting replaced
 * terms in the same statement), insert the new terms. Idempotent: an event at or below the row's
 * revision was already folded in.
 */
export const shipmentListProjector = batchProjector({
  name: SHIPMENT_LIST_PROJECTOR,
  version: 1,
  handles: SHIPMENT_EVENT_TYPES,
  migrations: shipmentListMigrations,
  applyBatch: applyShipmentEvents,
});

async function applyShipmentEvents(db: Kysely<ShipmentListTables>, events: readonly RecordedEvent[]): Promise<void> {
  const shipments = groupByShipment(events);
  for (let start = 0; start < shipments.length; start += SHIPMENTS_PER_WRITE) {
    await applyToShipments(db, shipments.slice(start, start + SHIPMENTS_PER_WRITE));
  }
}

async function applyToShipments(db: Kysely<ShipmentListTables>, shipments: readonly ShipmentEvents[]): Promise<void> {
  // A shipment whose stream starts in this batch is folded from its first event without reading its
  // row: a stored row holds a prefix of the same fold, so the result is the same, and the upsert's
  // revision guard turns a replay into a no-op. Only the others need their stored row.
  const isNew = (shipment: ShipmentEvents) => shipment.events[0]!.revision === 0;
  const stored = await selectRows(db, shipments.filter((shipment) => !isNew(shipment)));

  const writes: (ShipmentWrite & { terms: string[] | undefined })[] = [];
  for (const shipment of shipments) {
    const { tenantId, shipmentId } = shipment;
    const before = isNew(shipment) ? undefined : stored.get(shipmentKey(tenantId, shipmentId));
    const row = foldShipment(before, shipment.events);
    if (!row) continue;
    const terms = searchTermsOfState(row.state);
    const termsChanged = !before || !sameSet(searchTermsOfState(before.state), terms);
    writes.push({
      tenantId, shipmentId, row,
      replaceTerms: isNew(shipment) || (before !== undefined && termsChanged),
      terms: termsChanged ? terms : undefined,
    });
  }
  if (writes.length === 0) return;

  const written = await upsertRows(db, writes);
  const newTerms: SearchTermRow[] = [];
  for (const { tenantId, shipmentId, row, terms } of writes) {
    if (!terms || !written.has(shipmentKey(tenantId, shipmentId))) continue;
    for (const term of terms) newTerms.push({ tenantId, shipmentId, term, creationDate: row.state.creation_date });
  }
  await insertTerms(db, newTerms);
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((term) => set.has(term));
}
