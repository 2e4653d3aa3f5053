import { sql, type Kysely } from 'kysely';
import { jsonRecordset } from '@shipledger/database';
import { aggregateKey, batchProjector, foldOntoRow, groupByAggregate } from '@shipledger/projections';
import type { RecordedEvent } from '@shipledger/event-store';
import { ORDER_EVENT_TYPES, orderIdOf, type OrderEvent, type OrderStatus } from '@shipledger/ordering';
import { storable } from '../../shipment-facts/facts-projector';
import type { ReportingTables } from '../../storage/reporting-database';
import { addToBuckets, BucketDeltas, type BucketTable } from '../bucket-table';
import { binOf } from '../lead-times/duration-histogram';
import { bucketsOf } from '../time-buckets';

export const ORDERS_VIEW = 'report-orders';

/** Orders per batch of statements: bounds the size of one statement's JSON and arrays. */
const ORDERS_PER_WRITE = 1000;

/**
 * order_buckets: orders counted per tenant, UTC day and 15-minute bucket of their creation
 * (time-buckets.ts), merchant and **current** status; `shipped` of them asked shipping for a shipment,
 * and `to_first_shipment` holds those orders' creation → first shipment durations as a sparse
 * logarithmic histogram (lead-times/duration-histogram.ts). An order whose status changes moves from
 * one row to another in the batch's transaction.
 */
export const ORDER_BUCKETS: BucketTable = {
  table: 'order_buckets',
  keys: ['merchant', 'status'],
  counts: ['orders', 'shipped'],
  histograms: ['to_first_shipment'],
  presence: 'orders',
};

/** What the view keeps of one order (the `order_facts` row besides its key and revision). */
export interface OrderFacts {
  merchant: string | null;
  status: OrderStatus;
  created_at: string;
  first_shipment_at: string | null;
}

/**
 * The orders view: one `order_facts` row per order (merchant, current status, creation, first
 * shipment) and `order_buckets` counted from them. A batch costs four statements per thousand orders
 * (read the stored facts, upsert them, upsert the bucket deltas, delete emptied buckets). Idempotent:
 * facts only move forward (revision guard) and only the orders actually written change the buckets,
 * by their rows after minus before — so a replayed batch changes nothing.
 */
export const ordersReportProjector = batchProjector({
  name: ORDERS_VIEW,
  version: 1,
  handles: ORDER_EVENT_TYPES,
  migrations: {
    '0001_order_facts': {
      async up(db) {
        await db.schema.createTable('order_facts')
          .addColumn('tenant_id', 'text', (c) => c.notNull())
          .addColumn('order_id', 'text', (c) => c.notNull())
          .addColumn('revision', 'integer', (c) => c.notNull())
          .addColumn('merchant', 'text')
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('created_at', 'timestamptz', (c) => c.notNull())
          .addColumn('first_shipment_at', 'timestamptz')
          .addPrimaryKeyConstraint('order_facts_pk', ['tenant_id', 'order_id'])
          .execute();
      },
    },
    '0002_order_buckets': {
      async up(db) {
        await db.schema.createTable('order_buckets')
          .addColumn('tenant_id', 'text', (c) => c.notNull())
          .addColumn('grain', 'text', (c) => c.notNull())
          .addColumn('bucket', 'timestamptz', (c) => c.notNull())
          .addColumn('merchant', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('orders', 'integer', (c) => c.notNull())
          .addColumn('shipped', 'integer', (c) => c.notNull())
          .addColumn('to_first_shipment', 'jsonb', (c) => c.notNull())
          .addPrimaryKeyConstraint('order_buckets_pk', ['tenant_id', 'grain', 'bucket', 'merchant', 'status'])
          .execute();
      },
    },
  },
  applyBatch: (db: Kysely<ReportingTables>, events: readonly RecordedEvent[]) => applyOrders(db, events),
});

/** The facts after one event (undefined: the event changes nothing the view keeps). Total over any order. */
export function evolveOrderFacts(facts: OrderFacts | undefined, event: OrderEvent): OrderFacts | undefined {
  if (event.type === 'OrderCreated') {
    return facts ?? { merchant: event.data.content.merchant ?? null, status: 'open', created_at: event.data.at, first_shipment_at: null };
  }
  if (!facts) return undefined;
  switch (event.type) {
    case 'OrderUpdated':
      return event.data.changes.merchant !== undefined ? { ...facts, merchant: event.data.changes.merchant } : undefined;
    case 'OrderStatusRecalculated':
      return { ...facts, status: event.data.to };
    case 'FulfillmentOrderFulfilled':
    case 'FulfillmentOrderLineItemsShipped':
      // The first event that asks shipping for a shipment; later ones (and unfulfilling) leave it.
      return event.data.shipment && facts.first_shipment_at === null ? { ...facts, first_shipment_at: event.data.at } : undefined;
    default:
      return undefined;
  }
}

interface FactsRow {
  revision: number;
  facts: OrderFacts | undefined;
}

async function applyOrders(db: Kysely<ReportingTables>, events: readonly RecordedEvent[]): Promise<void> {
  const all = groupByAggregate(events, orderIdOf);
  for (let start = 0; start < all.length; start += ORDERS_PER_WRITE) {
    const orders = all.slice(start, start + ORDERS_PER_WRITE);
    const stored = await selectFacts(db, orders.map((o) => [o.tenantId, o.id]));
    const writes: (OrderFacts & { tenant_id: string; order_id: string; revision: number })[] = [];
    for (const { tenantId, id, events: stream } of orders) {
      const before = stored.get(aggregateKey(tenantId, id));
      const after = foldOntoRow<FactsRow>(before, stream, (row, event) =>
        ({ revision: event.revision, facts: evolveOrderFacts(row?.facts, { type: event.type, data: event.data } as OrderEvent) ?? row?.facts }));
      if (after?.facts) writes.push({ tenant_id: tenantId, order_id: id, revision: after.revision, ...after.facts });
    }
    if (writes.length === 0) continue;
    // Invariant: facts only move forward — the update applies only where the stored revision is below
    // the new one, so a replayed batch writes nothing and moves no bucket. The runner holds the
    // checkpoint lock (one writer per schema), so the facts read above are still the stored ones.
    const written = await db.insertInto('order_facts')
      .columns(['tenant_id', 'order_id', 'revision', 'merchant', 'status', 'created_at', 'first_shipment_at'])
      .expression(sql`select * from ${jsonRecordset(storable(writes),
        'tenant_id text, order_id text, revision integer, merchant text, status text, created_at timestamptz, first_shipment_at timestamptz')}`)
      .onConflict((oc) => oc.columns(['tenant_id', 'order_id'])
        .doUpdateSet((eb) => Object.fromEntries((['revision', 'merchant', 'status', 'created_at', 'first_shipment_at'] as const)
          .map((column) => [column, eb.ref(`excluded.${column}`)])))
        .where((eb) => eb(sql.ref('order_facts.revision'), '<', eb.ref('excluded.revision'))))
      .returning(['tenant_id', 'order_id'])
      .execute();
    const keys = new Set(written.map((row) => aggregateKey(row.tenant_id, row.order_id)));
    const deltas = new BucketDeltas(ORDER_BUCKETS);
    for (const write of writes) {
      const key = aggregateKey(write.tenant_id, write.order_id);
      if (!keys.has(key)) continue;
      const before = stored.get(key)?.facts;
      if (before) addOrder(deltas, write.tenant_id, before, -1);
      addOrder(deltas, write.tenant_id, write, 1);
    }
    await addToBuckets(db, ORDER_BUCKETS, deltas.deltas());
  }
}

/** One order counted (sign 1) or taken back (−1) in the buckets of its creation. */
function addOrder(deltas: BucketDeltas, tenantId: string, facts: OrderFacts, sign: 1 | -1): void {
  const shipped = facts.first_shipment_at !== null;
  const bin = shipped ? binOf((Date.parse(facts.first_shipment_at!) - Date.parse(facts.created_at)) / 1000) : undefined;
  for (const at of bucketsOf(facts.created_at)) {
    deltas.add(tenantId, at, { merchant: facts.merchant ?? '', status: facts.status }, sign,
      { orders: 1, shipped: shipped ? 1 : 0 }, { to_first_shipment: bin });
  }
}

async function selectFacts(db: Kysely<ReportingTables>, orders: readonly [string, string][]): Promise<Map<string, FactsRow & { facts: OrderFacts }>> {
  const found = new Map<string, FactsRow & { facts: OrderFacts }>();
  if (orders.length === 0) return found;
  const rows = await db.selectFrom('order_facts').select(['tenant_id', 'order_id', 'revision', 'merchant', 'status', 'created_at', 'first_shipment_at'])
    .where(sql<boolean>`(tenant_id, order_id) in (select * from unnest(${orders.map((o) => o[0])}::text[], ${orders.map((o) => o[1])}::text[]))`)
    .execute();
  for (const row of rows) {
    found.set(aggregateKey(row.tenant_id, row.order_id), {
      revision: row.revision,
      facts: {
        merchant: row.merchant, status: row.status as OrderStatus,
        created_at: new Date(row.created_at).toISOString(),
        first_shipment_at: row.first_shipment_at === null ? null : new Date(row.first_shipment_at).toISOString(),
      },
    });
  }
  return found;
}
