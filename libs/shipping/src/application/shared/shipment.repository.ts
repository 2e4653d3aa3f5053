import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, type EventData, type EventStore, type ExpectedRevision } from '@shipledger/event-store';
import { evolve, initialShipmentState, type ShipmentEvent, type ShipmentState } from '../../domain/shipment';
import type { CommandMeta } from './command-meta';
import { shipmentStreamId } from './shipment-streams';

export const SHIPMENT_EVENT_SCHEMA_VERSION = 1;

export interface LoadedShipment {
  state: ShipmentState;
  /** What to append with: the stream's last revision, or 'no_stream'. */
  expected: ExpectedRevision;
}

/** Loads a shipment by folding its stream and appends decided events with the revision it read. */
@Injectable()
export class ShipmentRepository {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  async load(shipmentId: string): Promise<LoadedShipment> {
    const recorded = await this.eventStore.readStream(shipmentStreamId(shipmentId));
    const state = recorded.reduce(
      (current, event) => evolve(current, { type: event.type, data: event.data } as ShipmentEvent),
      { ...initialShipmentState(), shipment_id: shipmentId },
    );
    const last = recorded[recorded.length - 1];
    return { state, expected: last ? last.revision : 'no_stream' };
  }

  /** Throws WrongExpectedRevisionError when someone appended since `expected` was read. */
  async append(
    shipmentId: string,
    tenantId: string,
    events: readonly ShipmentEvent[],
    expected: ExpectedRevision,
    meta: CommandMeta,
  ): Promise<void> {
    await this.eventStore.append(shipmentStreamId(shipmentId), events.map((event) => toEventData(event, tenantId, meta)), expected);
  }
}

export function toEventData(event: { type: string; data: { at: string; actor: string } }, tenantId: string, meta: CommandMeta): EventData {
  return {
    id: randomUUID(),
    type: event.type,
    data: event.data,
    metadata: {
      tenantId,
      actor: event.data.actor,
      correlationId: meta.correlationId,
      causationId: meta.causationId ?? meta.requestId,
      requestId: meta.requestId,
      schemaVersion: SHIPMENT_EVENT_SCHEMA_VERSION,
      occurredAt: event.data.at,
    },
  };
}
