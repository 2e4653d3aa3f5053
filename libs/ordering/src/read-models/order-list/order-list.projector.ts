import { sql, type Kysely } from 'kysely';
import type { OrderListTables } from '../../storage/ordering-database';
import type { Projector } from '@shipledger/projections';
import type { RecordedEvent } from '@shipledger/event-store';
import { evolve } from '../../domain/order/order.evolve';
import { ORDER_EVENT_TYPES, type OrderEvent } from '../../domain/order/order.events';
import { initialOrderState, type OrderState } from '../../domain/order/order.state';
import { orderIdOf } from '../../domain/order/order.streams';
import { orderListMigrations } from './order-list.migrations';

export const ORDER_LIST_PROJECTOR = 'order-list';

interface OrderRow {
  revision: number;
  state: OrderState;
}

interface OrderEvents {
  tenantId: string;
  orderId: string;
  events: RecordedEvent[];
}

/**
 * The order-list read model: one row per order (filters, paging). A batch costs two statements: read the
 * touched rows, upsert the folded ones. Idempotent: an event at or below the row's revision is already
 * folded in, and the upsert only moves a row forward.
 */
export const orderListProjector: Projector = {
  name: ORDER_LIST_PROJECTOR,
  version: 1,
  handles: ORDER_EVENT_TYPES,
  migrations: orderListMigrations,
  async apply(db: Kysely<OrderListTables>, event: RecordedEvent): Promise<void> {
    await applyOrderEvents(db, [event]);
  },
  async applyBatch(db: Kysely<OrderListTables>, events: readonly RecordedEvent[]): Promise<void> {
    await applyOrderEvents(db, events);
  },
};

function groupByOrder(events: readonly RecordedEvent[]): OrderEvents[] {
  const groups = new Map<string, OrderEvents>();
  for (const event of events) {
    const orderId = orderIdOf(event.streamId);
    if (!orderId) continue;
    const tenantId = event.metadata.tenantId;
    const key = `${tenantId}\u0000${orderId}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { tenantId, orderId, events: [] }));
    group.events.push(event);
  }
  return [...groups.values()];
}

async function applyOrderEvents(db: Kysely<OrderListTables>, events: readonly RecordedEvent[]): Promise<void> {
  const orders = groupByOrder(events);
  if (orders.length === 0) return;
  const found = await db.selectFrom('orders').select(['tenant_id', 'order_id', 'revision', 'state'])
    .where(sql<boolean>`(tenant_id, order_id) in (select * from unnest(${orders.map((o) => o.tenantId)}::text[], ${orders.map((o) => o.orderId)}::text[]))`)
    .execute();
  const stored = new Map(found.map((row) => [`${row.tenant_id}\u0000${row.order_id}`, row as OrderRow]));
  const records = [];
  for (const order of orders) {
    const before = stored.get(`${order.tenantId}\u0000${order.orderId}`);
    let row = before;
    for (const event of order.events) {
      if (row && row.revision >= event.revision) continue;
      const state = evolve(row?.state ?? initialOrderState(), { type: event.type, data: event.data } as OrderEvent);
      if (state.exists) row = { revision: event.revision, state };
    }
    if (!row || row === before) continue;
    const { state } = row;
    records.push({
      tenant_id: order.tenantId, order_id: order.orderId, revision: row.revision,
      merchant: state.content.merchant ?? null,
      partner_order_reference: state.content.partner_order_reference ?? null,
      status: state.status,
      order_date: instantOrNull(state.content.order_date),
      creation_date: state.creation_date, update_date: state.update_date, state,
    });
  }
  if (records.length === 0) return;
  // Invariant: a row only moves forward (the update applies only below the new revision), so a replayed
  // batch leaves newer rows alone. The runner holds the checkpoint lock: one writer per schema.
  await db.insertInto('orders')
    .columns(['tenant_id', 'order_id', 'revision', 'merchant', 'partner_order_reference', 'status', 'order_date', 'creation_date', 'update_date', 'state'])
    .expression(sql`select * from jsonb_to_recordset(${JSON.stringify(records)}::text::jsonb) as r(tenant_id text, order_id text,
      revision integer, merchant text, partner_order_reference text, status text, order_date timestamptz,
      creation_date timestamptz, update_date timestamptz, state jsonb)`)
    .onConflict((oc) => oc.columns(['tenant_id', 'order_id'])
      .doUpdateSet((eb) => Object.fromEntries(
        (['revision', 'merchant', 'partner_order_reference', 'status', 'order_date', 'update_date', 'state'] as const).map((column) => [column, eb.ref(`excluded.${column}`)]),
      ))
      .where((eb) => eb(sql.ref('orders.revision'), '<', eb.ref('excluded.revision'))))
    .execute();
}

/** order_date is checked at the edge; an unparseable one (an older writer) is left out of the filter column. */
function instantOrNull(value: string | undefined): string | null {
  if (value === undefined) return null;
  const instant = Date.parse(value);
  return Number.isNaN(instant) ? null : new Date(instant).toISOString();
}
