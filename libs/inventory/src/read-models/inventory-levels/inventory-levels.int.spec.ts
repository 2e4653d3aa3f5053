import type { RecordedEvent } from '@shipledger/event-store';
import { applyAll, applyInBatches, projectionSpec, readModelTables } from '../../../../testing/src/projection-spec';
import { DATABASE_KINDS } from '../../../../testing/src/test-database';
import type { InventoryCause, InventoryLevelEvent } from '../../domain';
import { inventoryLevelsProjector } from './inventory-levels.projector';

/** Level events of two levels, interleaved as the store would deliver them (global order). */
function levelEvents(): RecordedEvent[] {
  const order = (operation: 'create' | 'fulfill'): InventoryCause => ({ kind: 'order', order_id: 'o-1', fulfillment_order_ids: ['fo-1'], operation });
  const steps: [string, InventoryLevelEvent['type'], number, number, InventoryCause][] = [
    ['X', 'InventoryOnHandSet', 5, 0, { kind: 'manual', operation: 'set' }],
    ['Y', 'InventoryOnHandSet', 2, 0, { kind: 'manual', operation: 'set' }],
    ['X', 'InventoryReserved', 0, 2, order('create')],
    ['Y', 'InventoryReserved', 0, 1, order('create')],
    ['X', 'InventoryCommitted', -2, -2, order('fulfill')],
    ['X', 'InventoryOnHandAdjusted', 3, 0, { kind: 'manual', operation: 'adjust', reason: 'delivery' }],
  ];
  const level = new Map<string, { on_hand: number; reserved: number; revision: number }>();
  return steps.map(([sku, type, onHand, reserved, cause], index) => {
    const before = level.get(sku) ?? { on_hand: 0, reserved: 0, revision: -1 };
    const after = { on_hand: before.on_hand + onHand, reserved: before.reserved + reserved, revision: before.revision + 1 };
    level.set(sku, after);
    const at = `2026-11-24T10:00:0${index}.000Z`;
    return {
      id: `e-${index}`, type, streamId: `inventory-level-t-${sku}`, revision: after.revision, position: String(index + 1).padStart(20, '0'), recordedAt: at,
      data: { tenant_id: 't', location_id: 'L1', sku, on_hand_delta: onHand, reserved_delta: reserved, on_hand: after.on_hand, reserved: after.reserved, cause, at, actor: 'c' },
      metadata: { tenantId: 't', actor: 'c', correlationId: 'r', causationId: 'r', requestId: 'r', schemaVersion: 1, occurredAt: at },
    };
  });
}

describe.each(DATABASE_KINDS)('inventory-levels projector on %s', (kind) => {
  const oneByOne = projectionSpec(inventoryLevelsProjector, kind);
  const batched = projectionSpec(inventoryLevelsProjector, kind);
  const events = levelEvents();

  it('given the level events, when applied in batches, then the same rows as one by one, and again unchanged', async () => {
    await applyAll(oneByOne.database.kysely, inventoryLevelsProjector, events);
    await applyInBatches(batched.database.kysely, inventoryLevelsProjector, events, 4);
    const expected = await readModelTables(oneByOne.database.kysely, inventoryLevelsProjector);
    expect(expected.levels).toHaveLength(2);
    expect(expected.ledger).toHaveLength(6);
    expect(await readModelTables(batched.database.kysely, inventoryLevelsProjector)).toEqual(expected);
    await applyInBatches(batched.database.kysely, inventoryLevelsProjector, events.slice(1), 3);
    expect(await readModelTables(batched.database.kysely, inventoryLevelsProjector)).toEqual(expected);
  });

  it('given a level at a later revision, when an older batch arrives again, then the level does not go back', async () => {
    await applyInBatches(batched.database.kysely, inventoryLevelsProjector, events.slice(0, 3), 3);
    const levels = (await readModelTables(batched.database.kysely, inventoryLevelsProjector)).levels!.map((row) => JSON.parse(row));
    expect(levels.find((row: { sku: string }) => row.sku === 'X')).toMatchObject({ on_hand: 6, reserved: 0, revision: 3 });
  });
});
