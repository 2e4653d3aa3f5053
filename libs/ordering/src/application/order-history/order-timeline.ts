import type { RecordedEvent } from '@shipledger/event-store';
import { historyOf, stateAsOf, type HistoryEntry } from '@shipledger/ddd';
import { orderDecider, type OrderState, type OrderStatus } from '../../domain/order';

/** One line of GET /orders/{reference}/history. */
export type OrderHistoryEntry = HistoryEntry<OrderStatus>;

/** Every event of the stream in order, each with the status the order had right after it. */
export function orderTimeline(events: readonly RecordedEvent[]): OrderHistoryEntry[] {
  return historyOf<OrderState, OrderStatus>(orderDecider, events);
}

/** The order as it was at `asOf`: its events up to the first later one, folded. Undefined: not yet created. */
export function orderAsOf(events: readonly RecordedEvent[], asOf: string): OrderState | undefined {
  return stateAsOf(orderDecider, events, asOf);
}
