import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  EVENT_STORE,
  WrongExpectedRevisionError,
  type EventStore,
  type RecordedEvent,
} from '@shipledger/event-store';
import type { ShipmentReferenceEvent } from '../../domain/shipment';
import type { CommandMeta } from './command-meta';
import { shipmentEventMetadata } from './shipment.repository';
import { referenceStreamId, shipmentStreamId } from '../../domain/shipment';

/** A reservation without its shipment after this long is an orphan of a crashed create. */
export const ORPHAN_AFTER_MS = 60_000;

export class DuplicateReferenceError extends Error {
  constructor() {
    super('Duplicate partner shipment reference');
  }
}

/**
 * partner_shipment_reference uniqueness per tenant, and its resolution to a shipment id, on the event
 * store alone (never on a read model, so a reference resolves the moment its create is acknowledged).
 */
@Injectable()
export class ShipmentReferences {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  /** The shipment the reference currently belongs to, if any. */
  async resolve(tenantId: string, reference: string): Promise<string | undefined> {
    const last = await this.last(tenantId, reference);
    return last?.type === 'ShipmentReferenceReserved' ? (last.data as { shipment_id: string }).shipment_id : undefined;
  }

  /**
   * Invariant: at most one shipment holds a reference. The first reservation appends with 'no_stream'
   * and a re-reservation after a release appends at the revision that holds the release, so of two
   * concurrent reservations the store accepts exactly one; the other sees WrongExpectedRevision and
   * re-reads. Taking over an orphan appends at the orphan's revision, under the same rule. Reserving a
   * reference the shipment already holds is a no-op (retries are safe).
   */
  async reserve(tenantId: string, reference: string, shipmentId: string, meta: CommandMeta, at: string): Promise<void> {
    // Nearly every reference is new: try that first, and read the stream only when it exists.
    let last: RecordedEvent | undefined;
    let exists = false;
    for (;;) {
      if (exists) last = await this.last(tenantId, reference);
      if (last?.type === 'ShipmentReferenceReserved') {
        const holder = (last.data as { shipment_id: string }).shipment_id;
        if (holder === shipmentId) return;
        if (!(await this.isOrphan(last, holder, at))) throw new DuplicateReferenceError();
        // Taken over below at the orphan's revision: a concurrent taker-over loses on the revision check.
      }
      const event: ShipmentReferenceEvent = {
        type: 'ShipmentReferenceReserved',
        data: { tenant_id: tenantId, partner_shipment_reference: reference, shipment_id: shipmentId, at, actor: meta.actor },
      };
      try {
        await this.eventStore.append(referenceStreamId(tenantId, reference), [referenceEventData(event, tenantId, meta)], last ? last.revision : 'no_stream');
        return;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        exists = true; // read it on the next turn
      }
    }
  }

  /** Frees a reference the shipment no longer carries (only if it still holds it). */
  async release(tenantId: string, reference: string, shipmentId: string, meta: CommandMeta, at: string): Promise<void> {
    const last = await this.last(tenantId, reference);
    if (last?.type !== 'ShipmentReferenceReserved' || (last.data as { shipment_id: string }).shipment_id !== shipmentId) return;
    const event: ShipmentReferenceEvent = {
      type: 'ShipmentReferenceReleased',
      data: { tenant_id: tenantId, partner_shipment_reference: reference, shipment_id: shipmentId, at, actor: meta.actor },
    };
    try {
      await this.eventStore.append(referenceStreamId(tenantId, reference), [referenceEventData(event, tenantId, meta)], last.revision);
    } catch (error) {
      // Someone else changed the reservation meanwhile; it is no longer ours to release.
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
  }

  /**
   * A reservation whose create never wrote its shipment (the process died between the two appends)
   * would hold the reference forever. Once it is older than any create can take, it may be taken over.
   */
  private async isOrphan(reservation: RecordedEvent, holder: string, now: string): Promise<boolean> {
    if (Date.parse(now) - Date.parse(reservation.recordedAt) < ORPHAN_AFTER_MS) return false;
    const [first] = await this.eventStore.readStream(shipmentStreamId(holder), { maxCount: 1 });
    return first === undefined;
  }

  private async last(tenantId: string, reference: string): Promise<RecordedEvent | undefined> {
    const [last] = await this.eventStore.readStream(referenceStreamId(tenantId, reference), { direction: 'backwards', maxCount: 1 });
    return last;
  }
}

function referenceEventData(event: ShipmentReferenceEvent, tenantId: string, meta: CommandMeta) {
  return { id: randomUUID(), type: event.type, data: event.data, metadata: shipmentEventMetadata(event, tenantId, meta) };
}
