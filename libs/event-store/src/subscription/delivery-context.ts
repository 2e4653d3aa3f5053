import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which subscription's onEvent is running in the current async context. close() called from inside
 * onEvent must not wait for the delivery loop, which is itself waiting for that onEvent.
 */
const delivering = new AsyncLocalStorage<object>();
/** Deliveries in flight, across every subscription of the process. */
let inFlight = 0;

/**
 * Runs one delivery with its subscription as the context. On Node 20 an enabled AsyncLocalStorage
 * installs promise hooks for the whole process, so every promise of every request pays for them
 * (~3-4 % of a create's CPU in the API process, docs/benchmarks.md): the storage is enabled only while
 * a delivery is in flight and disabled when the last one settles. A context is only ever asked for
 * (isDeliveringFor) while its delivery is in flight, so nothing that is asked is lost.
 */
export async function deliver<T>(subscription: object, onEvent: () => Promise<T>): Promise<T> {
  inFlight += 1;
  try {
    return await delivering.run(subscription, onEvent);
  } finally {
    inFlight -= 1;
    if (inFlight === 0) delivering.disable();
  }
}

export function isDeliveringFor(subscription: object): boolean {
  return delivering.getStore() === subscription;
}
