import { deterministicUuid, handle, sequenceDecider } from '@shipledger/ddd';
import type { EventStore } from '@shipledger/event-store';
import { shipmentDecider, shipmentStreamId, type ShipmentCommand } from '../../domain/shipment';
import { ShipmentReferences } from '../shared/shipment-references';
import { shipmentEventMetadata } from '../shared/shipment.repository';

/**
 * The actor of every event a made-up history records. Readers that act on news (webhooks) skip it:
 * a demo tenant's invented past is not something to tell a receiver about.
 */
export const DEMO_HISTORY_ACTOR = 'demo-history';

/** One shipment's invented past: its create first, then what the carrier and merchant did, each with its own `at`. */
export interface ShipmentHistory {
  tenantId: string;
  shipmentId: string;
  /** The create command must carry its partner_shipment_reference; it is reserved like any other. */
  commands: readonly ShipmentCommand[];
}

/**
 * A shipment's whole history decided as one command: each command is judged by the shipment decider
 * against the state the earlier ones left, so the history obeys every rule a live shipment obeys (a
 * command the decider refuses throws). Appending it in one go matters: a reactor that reacts to the
 * booking request (the carriers' booking) loads the stream after the append and finds the shipment
 * already answered, so nothing is booked again at today's time.
 */
const historyDecider = sequenceDecider(shipmentDecider, (decided) =>
  // A step that leaves the shipment in error is a mistake in the plan too.
  (decided.some((event) => event.type === 'ShipmentValidationFailed') ? 'failed validation' : undefined));

/**
 * Records a made-up past shipment on the one write path (demo tenants, tests). Idempotent: event ids
 * derive from the shipment id, so a second call finds them in the stream and appends nothing.
 * Returns whether this call recorded it.
 */
export async function recordShipmentHistory(eventStore: EventStore, history: ShipmentHistory): Promise<boolean> {
  const create = history.commands[0];
  if (create?.type !== 'CreateShipment' || create.shipment_id !== history.shipmentId || create.tenant_id !== history.tenantId) {
    throw new Error('a shipment history starts with the CreateShipment of that shipment and tenant');
  }
  const meta = { actor: DEMO_HISTORY_ACTOR, requestId: deterministicUuid('demo-history', history.shipmentId), correlationId: history.shipmentId };
  const reference = create.content.references?.partner_shipment_reference;
  const result = await handle(eventStore, historyDecider, shipmentStreamId(history.shipmentId), history.commands, {
    expectedRevision: 'no_stream',
    idempotency: { eventId: (_commands, index) => deterministicUuid('demo-history', history.shipmentId, String(index)) },
    metadata: (event) => ({ ...shipmentEventMetadata(event, history.tenantId, meta), actor: DEMO_HISTORY_ACTOR }),
    // The reference is held like a live create holds it (a later create with it is a duplicate).
    beforeAppend: reference === undefined ? undefined
      : () => new ShipmentReferences(eventStore).reserve(history.tenantId, reference, history.shipmentId, meta, create.at),
  });
  return result.events.length > 0;
}
