import type { EventStore, Position, RecordedEvent } from '@shipledger/event-store';
import type { Doorbell } from './doorbell';

const MAX_ENTRIES = 16;

/**
 * Followers that stand at the same position (the usual case once caught up: every projector and
 * reactor at the head) share one readAll instead of each sending its own — on PGlite's single
 * connection that is the difference between one query per append and one per follower.
 *
 * Reusing a read is safe: readers see the store grow only at its end (the adapters never reveal an
 * event below one already readable), so an earlier read is a prefix of a later one, and the follower
 * continues after its last event. Entries live for one doorbell generation: a new append starts afresh.
 * For the same reason a follower just behind the head is served the events the doorbell's subscription
 * delivered (Doorbell.recentAfter) without a read at all.
 */
export class SharedReader {
  private generation = -1;
  private entries = new Map<string, Promise<RecordedEvent[]>>();

  constructor(
    private readonly eventStore: EventStore,
    private readonly doorbell: Doorbell,
  ) {}

  read(after: Position | undefined, maxCount: number): Promise<RecordedEvent[]> {
    if (this.generation !== this.doorbell.current) {
      this.generation = this.doorbell.current;
      this.entries.clear();
    }
    const key = `${after ?? ''}|${maxCount}`;
    const cached = this.entries.get(key);
    if (cached) return cached;
    // At the head, the events the bell's subscription just delivered: no second read of them. Kept like
    // a read, so followers at the same position get the same array (BatchGroups groups by it).
    const recent = this.doorbell.recentAfter(after, maxCount);
    const read = recent ? Promise.resolve(recent) : this.eventStore.readAll({ after, maxCount });
    this.entries.set(key, read);
    // An empty read is not shared: a follower woken by the fallback poll must really read again.
    read.then(
      (events) => events.length === 0 && this.entries.get(key) === read && this.entries.delete(key),
      () => this.entries.get(key) === read && this.entries.delete(key),
    );
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    return read;
  }
}
