import type { Kysely } from 'kysely';
import type { RecordedEvent } from '@shipledger/event-store';
import type { Projector } from '@shipledger/projections';
import { INVENTORY_LEVEL_EVENT_TYPES, type InventoryMovementData } from '../../domain';
import type { InventoryLevelsTables } from '../../storage/inventory-database';
import { inventoryLevelsMigrations } from './inventory-levels.migrations';

export const INVENTORY_LEVELS_PROJECTOR = 'inventory-levels';

/**
 * Levels (GET /inventory) and the ledger (GET /inventory/{sku}/ledger) from the level streams. Each event
 * carries the level after it, so a row is the last event's values. Idempotent: a ledger row is keyed by
 * its stream revision, and a level only moves forward in revision.
 */
export const inventoryLevelsProjector: Projector = {
  name: INVENTORY_LEVELS_PROJECTOR,
  version: 1,
  handles: INVENTORY_LEVEL_EVENT_TYPES,
  migrations: inventoryLevelsMigrations,
  async apply(db: Kysely<InventoryLevelsTables>, event: RecordedEvent): Promise<void> {
    await applyLevelEvents(db, [event]);
  },
  /**
   * A batch in two statements per 1,000 events (the worker's cost of every order movement): the ledger
   * rows in one insert, and per level only the newest event of the batch in one upsert, guarded by
   * revision like a single event's. The same rows as `apply` event by event.
   */
  applyBatch: (db: Kysely<InventoryLevelsTables>, events: readonly RecordedEvent[]) => applyLevelEvents(db, events),
};

async function applyLevelEvents(db: Kysely<InventoryLevelsTables>, events: readonly RecordedEvent[]): Promise<void> {
  for (let start = 0; start < events.length; start += CHUNK) {
    const chunk = events.slice(start, start + CHUNK);
    await db.insertInto('ledger').values(chunk.map(ledgerRow))
      .onConflict((conflict) => conflict.columns(['tenant_id', 'location_id', 'sku', 'revision']).doNothing()).execute();
    const newest = new Map<string, LevelRow>();
    for (const event of chunk) {
      const row = levelRow(event);
      const key = `${row.tenant_id}\u0000${row.location_id}\u0000${row.sku}`;
      if ((newest.get(key)?.revision ?? -1) < row.revision) newest.set(key, row);
    }
    await db.insertInto('levels').values([...newest.values()])
      .onConflict((conflict) => conflict.columns(['tenant_id', 'location_id', 'sku']).doUpdateSet((eb) => ({
        on_hand: eb.ref('excluded.on_hand'), reserved: eb.ref('excluded.reserved'), revision: eb.ref('excluded.revision'), updated_at: eb.ref('excluded.updated_at'),
      })).where('levels.revision', '<', (eb) => eb.ref('excluded.revision')))
      .execute();
  }
}

/** Rows per statement: 14 parameters a ledger row, well under Postgres's 65,535. */
const CHUNK = 1_000;

type LevelRow = { tenant_id: string; location_id: string; sku: string; on_hand: number; reserved: number; revision: number; updated_at: string };

function levelRow(event: RecordedEvent): LevelRow {
  const data = event.data as InventoryMovementData;
  return {
    tenant_id: data.tenant_id, location_id: data.location_id, sku: data.sku, on_hand: data.on_hand, reserved: data.reserved, revision: event.revision, updated_at: data.at,
  };
}

function ledgerRow(event: RecordedEvent) {
  const data = event.data as InventoryMovementData;
  return {
    tenant_id: data.tenant_id,
    location_id: data.location_id,
    sku: data.sku,
    revision: event.revision,
    position: event.position,
    type: event.type,
    on_hand_delta: data.on_hand_delta,
    reserved_delta: data.reserved_delta,
    on_hand: data.on_hand,
    reserved: data.reserved,
    order_id: data.cause.kind === 'order' ? data.cause.order_id : null,
    cause: JSON.stringify(data.cause),
    actor: data.actor,
    at: data.at,
  };
}
