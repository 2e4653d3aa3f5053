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
    const data = event.data as InventoryMovementData;
    const key = { tenant_id: data.tenant_id, location_id: data.location_id, sku: data.sku };
    await db.insertInto('ledger').values({
      ...key,
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
    }).onConflict((conflict) => conflict.columns(['tenant_id', 'location_id', 'sku', 'revision']).doNothing()).execute();
    const level = { on_hand: data.on_hand, reserved: data.reserved, revision: event.revision, updated_at: data.at };
    await db.insertInto('levels').values({ ...key, ...level })
      .onConflict((conflict) => conflict.columns(['tenant_id', 'location_id', 'sku']).doUpdateSet(level).where('levels.revision', '<', event.revision))
      .execute();
  },
};
