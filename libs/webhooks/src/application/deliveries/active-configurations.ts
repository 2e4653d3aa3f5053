import type { Position } from '@shipledger/event-store';
import type { WebhookConfiguration } from '../../domain';
import type { WebhookConfigurationRepository } from '../../storage/webhook-configuration.repository';

/** Tenants whose list is kept (the oldest read is dropped beyond it): ~10,000 small arrays. */
const TENANTS_KEPT = 10_000;
/**
 * How long a read waits for more events to join it before it starts: the runner hands events over as
 * its slots free up, so without it nearly every event would start a read of its own.
 */
const GATHER_MS = 10;

interface Entry {
  /**
   * Set when the read starts: every event at or before it was in the store by then. Until it starts,
   * every event asking joins it (the highest position handed over is at least its own).
   */
  covers?: Position;
  list: Promise<WebhookConfiguration[]>;
}

/**
 * A tenant's ACTIVE configurations for the deliveries reactor, read once for a whole run of events
 * instead of once per event (four reads per booked shipment before; the events handed over within
 * GATHER_MS share one).
 *
 * Same answer as reading at handling time: an event meets the configurations as they were at some
 * moment after it was appended — a list read after the event was in the store is one such moment. So a
 * list serves every event at or before `covers`: the highest position handed over when its read
 * started, or the store's head read just before it, whichever is later (the store reveals positions in
 * order, so everything at or below either was already there). The head is what lets a reactor that is
 * behind catch up: one read covers its whole backlog, where the positions handed over alone covered the
 * few events in hand (a reactor a hundred thousand events behind caught up at ~900 events/s, one read
 * per run of 16). The first event past `covers` reads again, after GATHER_MS. A configuration created
 * after an event was appended may or may not receive it, as before (ADR 0014: a replay backfills).
 */
export class ActiveConfigurations {
  private highest: Position | undefined;
  private readonly entries = new Map<string, Entry>();
  /** A head read in flight, shared by every tenant's read that starts meanwhile: one query, not one per tenant. */
  private headRead: Promise<Position | undefined> | undefined;

  constructor(
    private readonly repository: Pick<WebhookConfigurationRepository, 'list'>,
    /** The store's head (EventStore.headPosition): the newest position readers can see. */
    private readonly headPosition: () => Promise<Position | undefined>,
  ) {}

  /** The tenant's ACTIVE configurations as `event` may see them. */
  for(tenantId: string, event: { position: Position }): Promise<WebhookConfiguration[]> {
    if (this.highest === undefined || event.position > this.highest) this.highest = event.position;
    const kept = this.entries.get(tenantId);
    if (kept && (kept.covers === undefined || event.position <= kept.covers)) return kept.list;
    const entry: Entry = { list: Promise.resolve([]) };
    entry.list = new Promise<void>((resolve) => setTimeout(resolve, GATHER_MS))
      .then(() => this.sharedHead())
      .then((head) => {
        // Both were in the store before the list is read: every event handed over so far, and the head.
        entry.covers = head !== undefined && head > this.highest! ? head : this.highest;
        return this.repository.list(tenantId, { activeOnly: true });
      });
    this.entries.delete(tenantId);
    this.entries.set(tenantId, entry);
    if (this.entries.size > TENANTS_KEPT) this.entries.delete(this.entries.keys().next().value!);
    // A failed read is not kept: the next event reads again.
    entry.list.catch(() => this.entries.get(tenantId) === entry && this.entries.delete(tenantId));
    return entry.list;
  }

  /**
   * The store's head, read now or by a read already in flight: either way read before the list that
   * waits for it, which is all `covers` needs.
   */
  private sharedHead(): Promise<Position | undefined> {
    this.headRead ??= this.headPosition().finally(() => {
      this.headRead = undefined;
    });
    return this.headRead;
  }
}
