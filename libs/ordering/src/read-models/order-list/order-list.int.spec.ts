import { randomUUID } from 'node:crypto';
import type { Database } from '@shipledger/database';
import type { RecordedEvent } from '@shipledger/event-store';
import { readModelSchema } from '@shipledger/projections';
import { openTestDatabase } from '../../../../testing/src/test-database';
import { applyAll, migrateProjector } from '../../../../testing/src/projection-spec';
import { decide } from '../../domain/order/order.decide';
import { fold } from '../../domain/order/order.evolve';
import type { OrderCommand } from '../../domain/order/order.commands';
import type { OrderEvent } from '../../domain/order/order.events';
import { initialOrderState } from '../../domain/order/order.state';
import { orderListProjector } from './order-list.projector';
import { listOrders, type ListOrdersQuery } from './order-list.queries';

/** Order events as the store records them: per-stream revisions, one global position. */
class OrderEventLog {
  readonly tenantId = `t-${randomUUID()}`;
  readonly events: RecordedEvent[] = [];
  private readonly revisions = new Map<string, number>();

  run(orderId: string, command: OrderCommand): void {
    const mine = this.events.filter((event) => event.streamId === `order-${orderId}`).map((event) => ({ type: event.type, data: event.data }) as OrderEvent);
    for (const event of decide(command, fold(mine, initialOrderState()))) {
      const revision = (this.revisions.get(orderId) ?? -1) + 1;
      this.revisions.set(orderId, revision);
      this.events.push({
        id: randomUUID(), streamId: `order-${orderId}`, revision, position: BigInt(this.events.length + 1), type: event.type, data: event.data,
        metadata: { tenantId: this.tenantId, actor: 'test', correlationId: 'c', causationId: 'c', requestId: 'r', schemaVersion: 1, occurredAt: event.data.at },
      } as unknown as RecordedEvent);
    }
  }
}

const create = (orderId: string, at: string, merchant: string, reference: string, orderDate: string, location?: string): OrderCommand => ({
  type: 'CreateOrder', order_id: orderId, tenant_id: 'x', at, actor: 'test',
  content: { merchant, partner_order_reference: reference, order_date: orderDate },
  line_items: [{ id: 'li-1', quantity: 1, requires_shipping: true }], remainder: { fulfillment_order_id: `fo-${orderId}`, location_id: location },
});

describe.each(['pglite', 'postgres'] as const)('order-list projector on %s', (kind) => {
  let database: Database;
  const log = new OrderEventLog();
  const ids = { a: `a-${randomUUID()}`, b: `b-${randomUUID()}`, c: `c-${randomUUID()}` };
  const query = (extra: Partial<ListOrdersQuery> = {}): ListOrdersQuery => ({ merchants: [], statuses: [], page: 0, pageSize: 10, ...extra });
  const list = async (extra: Partial<ListOrdersQuery> = {}, scope: readonly string[] | '*' = '*') =>
    (await listOrders(database.kysely, log.tenantId, query(extra), scope)).map((state) => state.order_id);

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await migrateProjector(database.kysely, orderListProjector);
    log.run(ids.a, create(ids.a, '2026-11-01T10:00:00.000Z', 'SHOP1', 'R/1', '2026-10-01T00:00:00.000Z', 'loc-1'));
    log.run(ids.b, create(ids.b, '2026-11-02T10:00:00.000Z', 'SHOP2', 'R-2', '2026-10-05T00:00:00.000Z'));
    log.run(ids.c, create(ids.c, '2026-11-03T10:00:00.000Z', 'SHOP1', 'R-3', '2026-10-09T00:00:00.000Z', 'loc-1'));
    log.run(ids.a, { type: 'CancelOrder', cancellation_reason: 'OTHER', at: '2026-11-04T10:00:00.000Z', actor: 'test' });
    await applyAll(database.kysely, orderListProjector, log.events);
  });

  afterAll(async () => {
    await database?.close();
  });

  const snapshot = () => database.kysely.withSchema(readModelSchema(orderListProjector.name)).selectFrom('orders').selectAll().orderBy('order_id').execute();

  it('given the same events twice, or an overlapping replay, when applied, then the rows are the same', async () => {
    const first = await snapshot();
    expect(first).toHaveLength(3);
    await applyAll(database.kysely, orderListProjector, log.events);
    expect(await snapshot()).toEqual(first);
    await applyAll(database.kysely, orderListProjector, log.events.slice(3));
    expect(await snapshot()).toEqual(first);
  });

  it('given batches, when applied with applyBatch, then the rows equal event-by-event application', async () => {
    const other = await openTestDatabase(kind);
    try {
      await migrateProjector(other.kysely, orderListProjector);
      await other.kysely.transaction().execute(async (trx) => {
        const scoped = trx.withSchema(readModelSchema(orderListProjector.name));
        await orderListProjector.applyBatch!(scoped, log.events.slice(0, 4));
        await orderListProjector.applyBatch!(scoped, log.events.slice(2));
      });
      const rows = await other.kysely.withSchema(readModelSchema(orderListProjector.name)).selectFrom('orders').selectAll().orderBy('order_id').execute();
      expect(rows).toEqual(await snapshot());
    } finally {
      await other.close();
    }
  });

  it('lists newest first, filters by merchant, status, reference and order date, and pages', async () => {
    expect(await list()).toEqual([ids.c, ids.b, ids.a]);
    expect(await list({ merchants: ['SHOP1'] })).toEqual([ids.c, ids.a]);
    expect(await list({ statuses: ['cancelled'] })).toEqual([ids.a]);
    expect(await list({ statuses: ['open', 'allocated'] })).toEqual([ids.c, ids.b]);
    expect(await list({ partnerOrderReference: 'R/1' })).toEqual([ids.a]);
    expect(await list({ orderDateFrom: '2026-10-02T00:00:00.000Z', orderDateTo: '2026-10-06T00:00:00.000Z' })).toEqual([ids.b]);
    expect(await list({ page: 1, pageSize: 2 })).toEqual([ids.a]);
  });

  it('shows only the merchants in scope, and nothing of another tenant', async () => {
    expect(await list({}, ['SHOP2'])).toEqual([ids.b]);
    expect(await list({ merchants: ['SHOP1'] }, ['SHOP2'])).toEqual([]);
    expect(await listOrders(database.kysely, 'another-tenant', query(), '*')).toEqual([]);
  });
});
