import type { EventStore } from '@shipledger/event-store';
import { recordAppendLatency } from './metrics';

/** The same store, with every append timed into shipledger_event_store_append_duration_seconds. */
export function instrumentEventStore(store: EventStore): EventStore {
  const append: EventStore['append'] = async (streamId, events, expected) => {
    const started = performance.now();
    try {
      return await store.append(streamId, events, expected);
    } finally {
      recordAppendLatency(performance.now() - started);
    }
  };
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property === 'append') return append;
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
