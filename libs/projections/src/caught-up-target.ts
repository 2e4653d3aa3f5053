import { pause, type EventStore, type Position } from '@shipledger/event-store';

/** The SQL adapters can tell that committed events wait behind an older open transaction. */
interface HeldBackAware {
  hasHeldBackEvents(): Promise<boolean>;
}

function isHeldBackAware(store: EventStore): store is EventStore & HeldBackAware {
  return typeof (store as Partial<HeldBackAware>).hasHeldBackEvents === 'function';
}

/**
 * The position "caught up" means: the head at the time of the call, including events that committed
 * before the call but are still held back from readers (on Postgres, behind a transaction that any
 * session on the server left open). Waits, up to `maxWaitMs`, for such events to become readable,
 * then takes the head. undefined: the store is empty.
 */
export async function caughtUpTarget(store: EventStore, signal: AbortSignal, maxWaitMs = 5000): Promise<Position | undefined> {
  if (isHeldBackAware(store)) {
    const deadline = Date.now() + maxWaitMs;
    while ((await store.hasHeldBackEvents()) && Date.now() < deadline && !signal.aborted) {
      await pause(10, signal);
    }
  }
  return store.headPosition();
}
