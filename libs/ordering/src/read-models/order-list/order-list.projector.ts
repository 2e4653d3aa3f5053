import { sql, type Kysely } from 'kysely';
import type { OrderListTables } from '../../storage/ordering-database';
import { jsonRecordset } from '@shipledger/database';
import { aggregateKey, batchProjector, foldOntoRow, groupByAggregate } from '@shipledger/projections';
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

/**
 * The order-list read model: one row per order (filters, paging). A batch costs two statements: read the
 * touched rows, upsert the folded ones. Idempotent: an event at or below the row's revision is already
 * folded in, and the upsert only moves a row forward.
 */
export const orderListProjector = batchProjector({
  name: ORDER_LIST_PROJECTOR,
  version: 1,
  handles: ORDER_EVENT_TYPES,
  migrations: orderListMigrations,
  applyBatch: applyOrderEvents,
});

async function applyOrderEvents(db: Kysely<OrderListTables>, events: readonly RecordedEvent[]): Promise<void> {
  const orders = groupByAggregate(events, orderIdOf);
  if (orders.length === 0) return;
  const found = await db.selectFrom('orders').select(['tenant_id', 'order_id', 'revision', 'state'])
    .where(sql<boolean>`(tenant_id, order_id) in (select * from unnest(${orders.map((o) => o.tenantId)}::text[], ${orders.map((o) => o.id)}::text[]))`)
    .execute();
  const stored = new Map(found.map((row) => [aggregateKey(row.tenant_id, row.order_id), row as OrderRow]));
  const records = [];
  for (const order of orders) {
    const row = foldOntoRow(stored.get(aggregateKey(order.tenantId, order.id)), order.events, (before, event): OrderRow | undefined => {
      const state = evolve(before?.state ?? initialOrderState(), { type: event.type, data: event.data } as OrderEvent);
      return state.exists ? { revision: event.revision, state } : undefined;
    });
    if (!row) continue;
    const { state } = row;
    records.push({
      tenant_id: order.tenantId, order_id: order.id, revision: row.revision,
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
    .expression(sql`select * from ${jsonRecordset(JSON.stringify(records), 'tenant_id text, order_id text, revision integer, '
      + 'merchant text, partner_order_reference text, status text, order_date timestamptz, creation_date timestamptz, update_date timestamptz, state jsonb')}`)
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
