import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@shipledger/event-store';
import { decide, fold, initialOrderState, type OrderCommand, type OrderEvent } from '@shipledger/ordering';

/** Order events as the store records them: decided by the Order aggregate, per-stream revisions, one global position. */
export class OrderEventLog {
  readonly tenantId = `t-${randomUUID()}`;
  readonly events: RecordedEvent[] = [];
  private readonly revisions = new Map<string, number>();

  constructor(private readonly positions: { next: number } = { next: 1 }) {}

  run(orderId: string, command: OrderCommand): void {
    const mine = this.events.filter((event) => event.streamId === `order-${orderId}`).map((event) => ({ type: event.type, data: event.data }) as OrderEvent);
    for (const event of decide(command, fold(mine, initialOrderState()))) {
      const revision = (this.revisions.get(orderId) ?? -1) + 1;
      this.revisions.set(orderId, revision);
      this.events.push({
        id: randomUUID(), streamId: `order-${orderId}`, revision, position: BigInt(this.positions.next++), type: event.type, data: event.data,
        metadata: { tenantId: this.tenantId, actor: 'test', correlationId: 'c', causationId: 'c', requestId: 'r', schemaVersion: 1, occurredAt: event.data.at },
      } as unknown as RecordedEvent);
    }
  }

  create(orderId: string, at: string, merchant: string, location?: string): void {
    this.run(orderId, {
      type: 'CreateOrder', order_id: orderId, tenant_id: this.tenantId, at, actor: 'test',
      content: { merchant, partner_order_reference: `R-${orderId}` },
      line_items: [{ id: 'li-1', quantity: 2, requires_shipping: true }], remainder: { fulfillment_order_id: `fo-${orderId}`, location_id: location },
    });
  }

  fulfill(orderId: string, at: string, skipShipping = false): void {
    this.run(orderId, {
      type: 'FulfillFulfillmentOrder', fulfillment_order_id: `fo-${orderId}`, fulfillment_id: `f-${randomUUID()}`,
      shipment_id: `shp-${randomUUID()}`, skip_shipping: skipShipping, create_draft_shipment: false, shipment_request: {}, at, actor: 'test',
    });
  }

  cancel(orderId: string, at: string): void {
    this.run(orderId, { type: 'CancelOrder', cancellation_reason: 'OTHER', at, actor: 'test' });
  }
}

/**
 * Six orders of one tenant (and one of another) that touch both order reports:
 * - a: SHOP1, created 22:30 UTC on 1 Nov (2 Nov in Tokyo), allocated, fulfilled with a shipment 1 h later;
 * - b: SHOP1, 2 Nov 09:00, fulfilled without shipping (closed, no shipment);
 * - c: SHOP2, 2 Nov 10:00, open (no location), then cancelled;
 * - d: SHOP1, 2 Nov 11:00, fulfilled with a shipment 2 days later;
 * - e: SHOP1, 3 Nov 08:00, allocated, no shipment yet (awaiting);
 * - f: no merchant, 3 Nov 23:50, open.
 */
export function orderReportScenario() {
  const positions = { next: 1 };
  const log = new OrderEventLog(positions);
  const other = new OrderEventLog(positions);
  const ids = Object.fromEntries(['a', 'b', 'c', 'd', 'e', 'f'].map((k) => [k, `${k}-${randomUUID()}`])) as Record<'a' | 'b' | 'c' | 'd' | 'e' | 'f', string>;
  log.create(ids.a, '2026-11-01T22:30:00.000Z', 'SHOP1', 'loc-1');
  log.create(ids.b, '2026-11-02T09:00:00.000Z', 'SHOP1', 'loc-1');
  log.create(ids.c, '2026-11-02T10:00:00.000Z', 'SHOP2');
  log.fulfill(ids.a, '2026-11-01T23:30:00.000Z');
  log.create(ids.d, '2026-11-02T11:00:00.000Z', 'SHOP1', 'loc-1');
  other.create(`o-${randomUUID()}`, '2026-11-02T12:00:00.000Z', 'SHOP1', 'loc-1');
  log.fulfill(ids.b, '2026-11-02T09:30:00.000Z', true);
  log.cancel(ids.c, '2026-11-02T12:00:00.000Z');
  log.create(ids.e, '2026-11-03T08:00:00.000Z', 'SHOP1', 'loc-1');
  log.fulfill(ids.d, '2026-11-04T11:00:00.000Z');
  log.run(ids.f, {
    type: 'CreateOrder', order_id: ids.f, tenant_id: log.tenantId, at: '2026-11-03T23:50:00.000Z', actor: 'test', content: {},
    line_items: [{ id: 'li-1', quantity: 1, requires_shipping: true }], remainder: { fulfillment_order_id: `fo-${ids.f}` },
  });
  const events = [...log.events, ...other.events].sort((x, y) => Number(x.position) - Number(y.position));
  return { log, other, ids, events };
}
