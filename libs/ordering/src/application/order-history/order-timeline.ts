import type { RecordedEvent } from '@shipledger/event-store';
import { evolve, initialOrderState, type OrderEvent, type OrderState, type OrderStatus } from '../../domain/order';

/** One line of GET /orders/{reference}/history. */
export interface OrderHistoryEntry {
  revision: number;
  type: string;
  occurred_at: string;
  actor: string;
  change: Record<string, unknown>;
  resulting_status: OrderStatus;
}

function occurredAt(event: RecordedEvent): string {
  const at = (event.data as { at?: unknown } | null)?.at;
  return typeof at === 'string' ? at : event.metadata.occurredAt;
}

/** Every event of the stream in order, each with the status the order had right after it. */
export function orderTimeline(events: readonly RecordedEvent[]): OrderHistoryEntry[] {
  let state = initialOrderState();
  return events.map((event) => {
    state = evolve(state, { type: event.type, data: event.data } as OrderEvent);
    const { at: _at, actor, ...change } = (event.data ?? {}) as Record<string, unknown>;
    return {
      revision: event.revision,
      type: event.type,
      occurred_at: occurredAt(event),
      actor: typeof actor === 'string' ? actor : event.metadata.actor,
      change,
      resulting_status: state.status,
    };
  });
}

/** The order as it was at `asOf`: its events up to the first later one, folded. Undefined: not yet created. */
export function orderAsOf(events: readonly RecordedEvent[], asOf: string): OrderState | undefined {
  const limit = Date.parse(asOf);
  let state = initialOrderState();
  for (const event of events) {
    if (Date.parse(occurredAt(event)) > limit) break;
    state = evolve(state, { type: event.type, data: event.data } as OrderEvent);
  }
  return state.exists ? state : undefined;
}
