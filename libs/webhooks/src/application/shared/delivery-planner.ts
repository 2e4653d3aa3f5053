import type { EventStore, RecordedEvent } from '@shipledger/event-store';
import {
  fold as foldShipment, shipmentIdOf, toShipmentResponse, SHIPMENT_EVENT_TYPES, type ShipmentEvent,
} from '@shipledger/shipping';
import { fold as foldOrder, orderIdOf, toOrderResponse, ORDER_EVENT_TYPES, type OrderEvent } from '@shipledger/ordering';
import {
  configurationWants, configurationWantsOrder, deliveryEventId, orderOperation, orderTrigger, shipmentTriggers,
  type AggregateType, type WebhookConfiguration,
} from '../../domain';
import type { NewDelivery } from '../../storage/delivery.repository';

/** One message an event raises, before it is matched against configurations. */
export interface PlannedMessage {
  trigger: string;
  event_id: string;
  aggregate_type: AggregateType;
  aggregate_id: string;
  aggregate_version: number;
  /** The exact bytes sent (and signed). */
  body: string;
  /** What the filters look at: the shipment object, or the order's newImage. */
  subject: Record<string, unknown>;
}

/** Every event type that can raise a webhook. */
export const WEBHOOK_SOURCE_EVENT_TYPES: readonly string[] = [...SHIPMENT_EVENT_TYPES, ...ORDER_EVENT_TYPES];
const SHIPMENT_TYPES = new Set<string>(SHIPMENT_EVENT_TYPES);
const ORDER_TYPES = new Set<string>(ORDER_EVENT_TYPES);

/**
 * Turns a stored event into its messages. The body is the aggregate as it was right after the event's
 * command (commandSlice), so a retry or a replay sends the same bytes, and `aggregate_version` (events
 * in the stream up to then) lets a receiver apply only what is newer.
 * Shipments: the shipment object of GET /shipments/{id} plus `aggregate_version`, no envelope.
 * Orders: `{trigger, operation, oldImage, newImage, aggregate_version}`.
 */
export async function planMessages(eventStore: EventStore, event: RecordedEvent): Promise<PlannedMessage[]> {
  if (SHIPMENT_TYPES.has(event.type)) return planShipment(eventStore, event);
  if (ORDER_TYPES.has(event.type) && orderIdOf(event.streamId) !== undefined) return planOrder(eventStore, event);
  return [];
}

/**
 * The stream around `event`: the events before it, it, and the rest of its command (the following events
 * with the same causation and request: a cancel appends OrderCancelled then OrderStatusRecalculated).
 * The body shows the aggregate after the whole command, so a receiver never sees a half-applied one.
 */
async function commandSlice(eventStore: EventStore, event: RecordedEvent): Promise<{ upTo: RecordedEvent[]; command: RecordedEvent[] }> {
  const stream = await eventStore.readStream(event.streamId);
  const index = stream.findIndex((candidate) => candidate.id === event.id);
  const at = index === -1 ? Math.min(event.revision, stream.length - 1) : index;
  let end = at;
  const same = (candidate: RecordedEvent) =>
    candidate.metadata?.causationId === event.metadata?.causationId && candidate.metadata?.requestId === event.metadata?.requestId;
  while (end + 1 < stream.length && same(stream[end + 1]!)) end++;
  return { upTo: stream.slice(0, at + 1), command: stream.slice(0, end + 1) };
}

async function planShipment(eventStore: EventStore, event: RecordedEvent): Promise<PlannedMessage[]> {
  const shipmentId = shipmentIdOf(event.streamId);
  if (shipmentId === undefined) return [];
  const { upTo, command } = await commandSlice(eventStore, event);
  const events = upTo as unknown as ShipmentEvent[];
  const before = events.length > 1 ? foldShipment(events.slice(0, -1)) : undefined;
  const atEvent = foldShipment(events);
  const triggers = shipmentTriggers({
    type: event.type, data: event.data as Record<string, unknown>, statusBefore: before?.status, statusAfter: atEvent.status,
  });
  if (triggers.length === 0) return [];
  const after = foldShipment(command as unknown as ShipmentEvent[]);
  const shipment = toShipmentResponse(after);
  const body = JSON.stringify({ ...shipment, aggregate_version: after.version });
  return triggers.map((trigger) => ({
    trigger, event_id: deliveryEventId(event.id, trigger), aggregate_type: 'shipment', aggregate_id: shipmentId,
    aggregate_version: after.version, body, subject: shipment,
  }));
}

async function planOrder(eventStore: EventStore, event: RecordedEvent): Promise<PlannedMessage[]> {
  const trigger = orderTrigger(event.type, event.data as Record<string, unknown>);
  if (trigger === null) return [];
  const { upTo, command } = await commandSlice(eventStore, event);
  const commandStart = upTo.findIndex((candidate) => candidate.metadata?.causationId === event.metadata?.causationId && candidate.metadata?.requestId === event.metadata?.requestId);
  const beforeCommand = command.slice(0, commandStart) as unknown as OrderEvent[];
  const after = foldOrder(command as unknown as OrderEvent[]);
  const oldImage = beforeCommand.length > 0 ? toOrderResponse(foldOrder(beforeCommand)) : null;
  const newImage = toOrderResponse(after);
  const version = command.length;
  const body = JSON.stringify({ trigger, operation: orderOperation(event.type), oldImage, newImage, aggregate_version: version });
  return [{
    trigger, event_id: deliveryEventId(event.id, trigger), aggregate_type: 'order', aggregate_id: after.order_id,
    aggregate_version: version, body, subject: newImage,
  }];
}

/** The configurations (of the event's tenant) that want a message. */
export function wants(configuration: WebhookConfiguration, message: PlannedMessage): boolean {
  return message.aggregate_type === 'shipment'
    ? configurationWants(configuration, message.trigger, message.subject)
    : configurationWantsOrder(configuration, message.trigger, message.subject);
}

/** The rows to enqueue for an event's messages and the configurations that want them. */
export function deliveriesFor(
  event: RecordedEvent, messages: readonly PlannedMessage[], configurations: readonly WebhookConfiguration[], replayId = '',
): NewDelivery[] {
  return messages.flatMap((message) => configurations.filter((configuration) => wants(configuration, message)).map((configuration) => ({
    tenant_id: configuration.tenant_id, config_id: configuration.config_id, event_id: message.event_id, replay_id: replayId,
    source_event_id: event.id, source_position: event.position, trigger: message.trigger,
    aggregate_type: message.aggregate_type, aggregate_id: message.aggregate_id, aggregate_version: message.aggregate_version,
    body: message.body, occurred_at: event.metadata.occurredAt,
  })));
}
