import type { Database } from '@shipledger/database';
import type { EventStore, RecordedEvent } from '@shipledger/event-store';
import { ORDER_EVENT_TYPES, orderIdOf, type OrderEvent } from '@shipledger/ordering';
import {
  evolveOrderInventory, initialOrderInventory, INVENTORY_LEVEL_EVENT_TYPES, reservedAt, type InventoryMovementData, type OrderInventoryState,
} from '../../domain';
import { allLevels } from '../../read-models';

export interface InvariantDifference {
  /**
   * stream: a level's events do not add up to the level they state; order: what an order holds reserved
   * per the ledger differs from the fold of its events (rule 3, `evolveOrderInventory`); read_model: GET /inventory differs from the ledger;
   * negative_available: reservations exceed on_hand (only allowed with allow_oversell).
   */
  kind: 'stream' | 'order' | 'read_model' | 'negative_available';
  tenant_id: string;
  location_id: string;
  sku: string;
  order_id?: string;
  expected: { on_hand?: number; reserved: number };
  actual: { on_hand?: number; reserved: number };
}

export interface InvariantReport {
  levels: number;
  orders: number;
  movements: number;
  differences: InvariantDifference[];
}

const LEVEL_TYPES = new Set<string>(INVENTORY_LEVEL_EVENT_TYPES);
const ORDER_TYPES = new Set<string>(ORDER_EVENT_TYPES);
const key = (...parts: string[]) => parts.join('\u0000');

/**
 * Recomputes every level from the ledger (the sum of its movements) and from the orders' events (what
 * each order holds reserved at each location × SKU, folded by the same rule-3 function the allocator
 * uses, must equal what the ledger reserved for it), and compares
 * both with the stated levels and the read model. Orders the ledger never moved stock for (their
 * merchant did not manage inventory then) hold nothing and are not compared. Reads the whole store:
 * an operator's and a test's tool, not a request path. Run it once the worker has caught up.
 */
export async function checkInventoryInvariant(eventStore: EventStore, database: Database, tenantId?: string): Promise<InvariantReport> {
  const levels = new Map<string, { tenant_id: string; location_id: string; sku: string; on_hand: number; reserved: number; stated: { on_hand: number; reserved: number } }>();
  const byOrder = new Map<string, number>();
  const orders = new Map<string, OrderInventoryState>();
  let movements = 0;
  for (let after: string | undefined; ;) {
    const page: RecordedEvent[] = await eventStore.readAll({ after, maxCount: 1000 });
    if (page.length === 0) break;
    after = page[page.length - 1]!.position;
    for (const event of page) {
      if (tenantId !== undefined && event.metadata.tenantId !== tenantId) continue;
      if (LEVEL_TYPES.has(event.type)) {
        movements++;
        const data = event.data as InventoryMovementData;
        const id = key(data.tenant_id, data.location_id, data.sku);
        const level = levels.get(id) ?? { tenant_id: data.tenant_id, location_id: data.location_id, sku: data.sku, on_hand: 0, reserved: 0, stated: { on_hand: 0, reserved: 0 } };
        level.on_hand += data.on_hand_delta;
        level.reserved += data.reserved_delta;
        level.stated = { on_hand: data.on_hand, reserved: data.reserved };
        levels.set(id, level);
        if (data.cause.kind === 'order') byOrder.set(key(id, data.cause.order_id), (byOrder.get(key(id, data.cause.order_id)) ?? 0) + data.reserved_delta);
      } else if (ORDER_TYPES.has(event.type) && orderIdOf(event.streamId) !== undefined) {
        orders.set(event.streamId, evolveOrderInventory(orders.get(event.streamId) ?? initialOrderInventory(), { type: event.type, data: event.data } as OrderEvent).state);
      }
    }
  }
  const differences: InvariantDifference[] = [];
  for (const level of levels.values()) {
    const { tenant_id, location_id, sku } = level;
    if (level.on_hand !== level.stated.on_hand || level.reserved !== level.stated.reserved) {
      differences.push({ kind: 'stream', tenant_id, location_id, sku, expected: { on_hand: level.on_hand, reserved: level.reserved }, actual: level.stated });
    }
    if (level.on_hand - level.reserved < 0) differences.push({ kind: 'negative_available', tenant_id, location_id, sku, expected: { reserved: level.on_hand }, actual: { reserved: level.reserved } });
  }
  const moved = new Set([...byOrder.keys()].map((k) => k.split('\u0000')[3]!));
  const held = new Map<string, number>();
  for (const { order, holds } of orders.values()) {
    if (!moved.has(order.order_id)) continue;
    for (const each of reservedAt(holds)) held.set(key(order.tenant_id, each.location_id, each.sku, order.order_id), each.reserved);
  }
  for (const id of new Set([...byOrder.keys(), ...held.keys()])) {
    const [tenant, location_id, sku, order_id] = id.split('\u0000') as [string, string, string, string];
    const ledger = byOrder.get(id) ?? 0;
    const fos = held.get(id) ?? 0;
    if (ledger !== fos) differences.push({ kind: 'order', tenant_id: tenant, location_id, sku, order_id, expected: { reserved: fos }, actual: { reserved: ledger } });
  }
  for (const row of await allLevels(database.kysely, tenantId)) {
    const level = levels.get(key(row.tenant_id, row.location_id, row.sku));
    if (!level || level.on_hand !== row.on_hand || level.reserved !== row.reserved) {
      differences.push({
        kind: 'read_model', tenant_id: row.tenant_id, location_id: row.location_id, sku: row.sku,
        expected: { on_hand: level?.on_hand ?? 0, reserved: level?.reserved ?? 0 }, actual: { on_hand: row.on_hand, reserved: row.reserved },
      });
    }
  }
  return { levels: levels.size, orders: moved.size, movements, differences };
}
