import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@shipledger/event-store';
import type { ShipmentEvent } from '../../../libs/shipping/src/domain/shipment/shipment.events';
import type { ShipmentContent } from '../../../libs/shipping/src/domain/shipment/shipment.content';
import { shipmentStreamId } from '../../../libs/shipping/src/domain/shipment/shipment.streams';

/** Builds recorded shipment events with consecutive revisions and global positions, as a store would. */
export class ShipmentEventLog {
  readonly events: RecordedEvent[] = [];
  private readonly revisions = new Map<string, number>();
  private position = 0;

  constructor(readonly tenantId: string = `tenant-${randomUUID()}`) {}

  append(shipmentId: string, event: ShipmentEvent, actor = 'client-1'): RecordedEvent {
    const streamId = shipmentStreamId(shipmentId);
    const revision = (this.revisions.get(streamId) ?? -1) + 1;
    this.revisions.set(streamId, revision);
    this.position += 1;
    const recorded: RecordedEvent = {
      id: randomUUID(),
      type: event.type,
      data: event.data,
      streamId,
      revision,
      position: String(this.position).padStart(20, '0'),
      recordedAt: event.data.at,
      metadata: {
        tenantId: this.tenantId, actor, correlationId: randomUUID(), causationId: randomUUID(),
        requestId: randomUUID(), schemaVersion: 1, occurredAt: event.data.at,
      },
    };
    this.events.push(recorded);
    return recorded;
  }

  /** A draft created at `at` with the usual searchable fields. */
  draft(shipmentId: string, at: string, content: ShipmentContent): RecordedEvent {
    return this.append(shipmentId, {
      type: 'ShipmentDraftCreated',
      data: { shipment_id: shipmentId, tenant_id: this.tenantId, content, at, actor: 'client-1' },
    });
  }
}

export function sampleContent(overrides: Partial<ShipmentContent> & { ref: string }): ShipmentContent {
  const { ref, ...rest } = overrides;
  return {
    merchant: 'SHOP1',
    entity_type: 'FORWARD',
    references: { partner_shipment_reference: ref, partner_order_reference: `ORD-${ref}` },
    dropoff: { contact_name: 'Jane Smith', contact_phone: '+971 50 123 4567', contact_email: 'jane@example.com' },
    pickup: { contact_name: 'Warehouse Team', contact_phone: '+44 20 7946 0000', contact_email: 'ops@shop1.test' },
    ...rest,
  };
}
