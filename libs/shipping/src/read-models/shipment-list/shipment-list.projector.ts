import type { Kysely } from 'kysely';
import type { ShipmentListTables } from '../../storage/shipping-database';
import { batchProjector } from '@shipledger/projections';
import type { RecordedEvent } from '@shipledger/event-store';
import { SHIPMENT_EVENT_TYPES } from '../../domain/shipment/shipment.events';
import { shipmentListMigrations } from './shipment-list.migrations';
import { searchTermsOfState } from './search-terms';
import { SHIPMENT_LIST_PROJECTOR } from './shipment-list.queries';
import { foldShipment, groupByShipment, shipmentKey, type ShipmentEvents } from './shipment-list.fold';
import { deleteTerms, insertTerms, selectRows, upsertRows, type SearchTermRow, type ShipmentWrite, type TermChange } from './shipment-list.writes';

/** Shipments per set of statements: bounds the size of one statement's JSON and arrays. */
const SHIPMENTS_PER_WRITE = 1000;

/**
 * The shipment-list read model: one row per shipment (filters, paging, bulk status) plus its search
 * terms. A batch costs at most four statements per thousand shipments, whatever its number of events:
 * read the touched rows, fold each shipment's events in memory, upsert the rows (deleting the terms
 * they lose in the same statement), insert the terms of new shipments, insert the terms stored ones
 * gain; a fifth, only when a replay from a shipment's first event overwrote its stored row, deletes
 * the terms that row loses. Idempotent: an event at or below the row's revision was already folded in.
 *
 * A stored shipment's terms change by difference: those its row holds and its new state does not
 * yield are deleted, the new ones inserted; a booking adds one row (its tracking number) instead of
 * rewriting all ~13. So a change to what searchTermsOf indexes needs a version bump (a rebuild) to
 * reach the shipments that do not change, as any change to what a read model stores does.
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

  const writes: ShipmentWrite[] = [];
  for (const shipment of shipments) {
    const { tenantId, shipmentId } = shipment;
    const before = isNew(shipment) ? undefined : stored.get(shipmentKey(tenantId, shipmentId));
    const row = foldShipment(before, shipment.events);
    if (!row) continue;
    const terms = searchTermsOfState(row.state);
    const termChange: TermChange = isNew(shipment) ? { kind: 'replace' } : termDiff(before?.terms ?? [], terms);
    writes.push({ tenantId, shipmentId, row, terms, termChange });
  }
  if (writes.length === 0) return;

  const { written, overwritten } = await upsertRows(db, writes);
  const replaced: SearchTermRow[] = [];
  const added: SearchTermRow[] = [];
  const removed: SearchTermRow[] = [];
  for (const { tenantId, shipmentId, row, terms, termChange } of writes) {
    const key = shipmentKey(tenantId, shipmentId);
    if (!written.has(key)) continue;
    const term = (value: string): SearchTermRow => ({ tenantId, shipmentId, term: value, creationDate: row.state.creation_date });
    if (termChange.kind === 'diff') {
      added.push(...termChange.added.map(term));
      continue;
    }
    const previous = overwritten.get(key);
    if (previous === undefined) {
      replaced.push(...terms.map(term));
      continue;
    }
    // A replay from the shipment's first event past its stored row: its terms change from the stored ones.
    const change = termDiff(previous, terms);
    removed.push(...change.removed.map(term));
    added.push(...change.added.map(term));
  }
  await deleteTerms(db, removed);
  await insertTerms(db, replaced);
  await insertTerms(db, added, { ifAbsent: true });
}

/** The terms a stored shipment loses and gains. */
function termDiff(before: readonly string[], after: readonly string[]): Extract<TermChange, { kind: 'diff' }> {
  const had = new Set(before);
  const has = new Set(after);
  return { kind: 'diff', removed: before.filter((term) => !has.has(term)), added: after.filter((term) => !had.has(term)) };
}
