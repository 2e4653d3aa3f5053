import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which subscription's onEvent is running in the current async context. close() called from inside
 * onEvent must not wait for the delivery loop, which is itself waiting for that onEvent.
 */
const delivering = new AsyncLocalStorage<object>();

export function deliver<T>(subscription: object, onEvent: () => Promise<T>): Promise<T> {
  return delivering.run(subscription, onEvent);
}

export function isDeliveringFor(subscription: object): boolean {
  return delivering.getStore() === subscription;
}
