import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { EVENT_STORE, WrongExpectedRevisionError, type EventStore, type RecordedEvent } from '@shipledger/event-store';
import { reject, OrderMessages } from '../../domain/order';
import type { OrderCommandMeta } from './command-meta';
import { orderEventMetadata } from './order.repository';
import { orderReferenceStreamId, orderStreamId } from '../../domain/order/order.streams';

/** A reservation without its order after this long is an orphan of a crashed create. */
export const ORPHAN_AFTER_MS = 60_000;

type ReferenceEventType = 'OrderReferenceReserved' | 'OrderReferenceReleased';

/**
 * partner_order_reference uniqueness per tenant, and its resolution to an order id, on the event store
 * alone (so a reference resolves the moment its create is acknowledged).
 */
@Injectable()
export class OrderReferences {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  async resolve(tenantId: string, reference: string): Promise<string | undefined> {
    const last = await this.last(tenantId, reference);
    return last?.type === 'OrderReferenceReserved' ? (last.data as { order_id: string }).order_id : undefined;
  }

  /**
   * Invariant: at most one order holds a reference. The first reservation appends with 'no_stream',
   * a later one at the revision holding the release (or the orphan), so of two concurrent reservations
   * the store accepts exactly one. Reserving a reference the order already holds is a no-op.
   */
  async reserve(tenantId: string, reference: string, orderId: string, meta: OrderCommandMeta, at: string): Promise<void> {
    let last: RecordedEvent | undefined;
    let exists = false;
    for (;;) {
      if (exists) last = await this.last(tenantId, reference);
      if (last?.type === 'OrderReferenceReserved') {
        const holder = (last.data as { order_id: string }).order_id;
        if (holder === orderId) return;
        if (!(await this.isOrphan(last, holder, at))) {
          throw reject('duplicate_partner_order_reference', OrderMessages.duplicateReference(reference), 'partner_order_reference');
        }
      }
      try {
        await this.append(tenantId, reference, orderId, 'OrderReferenceReserved', meta, at, last ? last.revision : 'no_stream');
        return;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        exists = true;
      }
    }
  }

  /** Frees a reference the order no longer carries (only if it still holds it). */
  async release(tenantId: string, reference: string, orderId: string, meta: OrderCommandMeta, at: string): Promise<void> {
    const last = await this.last(tenantId, reference);
    if (last?.type !== 'OrderReferenceReserved' || (last.data as { order_id: string }).order_id !== orderId) return;
    try {
      await this.append(tenantId, reference, orderId, 'OrderReferenceReleased', meta, at, last.revision);
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
  }

  private append(tenantId: string, reference: string, orderId: string, type: ReferenceEventType, meta: OrderCommandMeta, at: string, expected: number | 'no_stream') {
    const data = { tenant_id: tenantId, partner_order_reference: reference, order_id: orderId, at, actor: meta.actor };
    return this.eventStore.append(orderReferenceStreamId(tenantId, reference), [
      { id: randomUUID(), type, data, metadata: orderEventMetadata({ data }, tenantId, meta) },
    ], expected);
  }

  /** A create that died between its reservation and its order append would hold the reference forever. */
  private async isOrphan(reservation: RecordedEvent, holder: string, now: string): Promise<boolean> {
    if (Date.parse(now) - Date.parse(reservation.recordedAt) < ORPHAN_AFTER_MS) return false;
    const [first] = await this.eventStore.readStream(orderStreamId(holder), { maxCount: 1 });
    return first === undefined;
  }

  private async last(tenantId: string, reference: string): Promise<RecordedEvent | undefined> {
    const [last] = await this.eventStore.readStream(orderReferenceStreamId(tenantId, reference), { direction: 'backwards', maxCount: 1 });
    return last;
  }
}
