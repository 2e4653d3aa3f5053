import type { RecordedEvent } from '@shipledger/event-store';
import { WakeUp } from '@shipledger/platform';
import type { BacklogEntry, BookingBacklog } from './booking-backlog';

export interface TenantShareOptions {
  /**
   * Bookings of one tenant in hand at once: in a worker's booking reactor, and under claim in the backlog
   * across the workers (BOOKING_TENANT_IN_HAND; default DEFAULT_BOOKING_TENANT_IN_HAND).
   */
  perTenant: number;
  /** Backlog requests one worker books at once. */
  drainConcurrency: number;
  /** A claimed request not finished by then is booked again by another worker (it died). Default 120 s. */
  leaseMs?: number;
  /** Tries of a request that fails on the service's side before it is given up (as the reactor runner's). Default 5. */
  maxAttempts?: number;
  /** Pause before the second try, doubled after each, at most 30 s. Default 200 ms. */
  retryBaseMs?: number;
  /** How often an idle drainer looks at the backlog (requests another worker set aside). Default 1,000 ms. */
  idlePollMs?: number;
  /** Backlog rows claimed, finished or put back since the last vacuum before the drainer vacuums it again. Default 2,000. */
  vacuumEveryRows?: number;
  /** At most one vacuum of the backlog per this many ms from one drainer. Default 5,000. */
  vacuumMinIntervalMs?: number;
  logger?: { warn(object: object, message: string): void; error(object: object, message: string): void };
}

/**
 * Half of the default 256 booking slots: one tenant, however many of its bookings come at once or however
 * slow its carrier, leaves the other half to everyone else. A single tenant at full speed holds ~70 in hand
 * (270 bookings/s of ~0.25 s each, bench:shipments), well below it.
 */
export const DEFAULT_BOOKING_TENANT_IN_HAND = 128;

/** How long the belief "this tenant has requests in the backlog" is trusted before it is read again. */
const RECHECK_MS = 1_000;

/**
 * One tenant's share of the booking slots. The booking reactor is handed requests in the event log's order,
 * up to BOOKING_CONCURRENCY at once, and each holds its slot while its carrier answers: without a share,
 * one tenant's burst — or its slow carrier — held every slot and every other tenant's bookings waited
 * behind it. With it, a request whose tenant already has `perTenant` bookings in hand here (or has requests
 * waiting) is set aside in the backlog (carriers.booking_backlog) and its slot is free at once; drainers,
 * one in every worker, book the backlog as the tenant's share allows, at most `perTenant` of a tenant under
 * claim across the workers, oldest first, each shipment's requests in order.
 * Exactly once holds as for the reactor: a drainer books with the reactor's own code and rules (the attempt
 * id as the carrier's request id, the booking row, the decider dropping a stale answer).
 */
export class TenantBookingShare {
  /** Bookings in hand here, per tenant: those the reactor makes at once, and those from the backlog. */
  private readonly inline = new Map<string, number>();
  private readonly drained = new Map<string, number>();
  /** Tenants believed to have requests in the backlog, and when that was last read. */
  private readonly backlogged = new Map<string, number>();
  private loaded: Promise<void> | undefined;
  private readonly waiter = new WakeUp();
  private woken = false;
  private readonly leaseMs: number;
  private readonly maxAttempts: number;
  private readonly retryBaseMs: number;
  private readonly idlePollMs: number;
  private readonly vacuumEveryRows: number;
  private readonly vacuumMinIntervalMs: number;
  /** Rows this drainer left dead (claimed, finished, put back) since its last vacuum started. */
  private changedSinceVacuum = 0;
  /** When this drainer last started a vacuum of the backlog. */
  private lastVacuumAt = Number.NEGATIVE_INFINITY;
  private vacuuming: Promise<void> | undefined;

  constructor(
    readonly backlog: BookingBacklog,
    private options: TenantShareOptions,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.leaseMs = options.leaseMs ?? 120_000;
    this.maxAttempts = options.maxAttempts ?? 5;
    this.retryBaseMs = options.retryBaseMs ?? 200;
    this.idlePollMs = options.idlePollMs ?? 1_000;
    this.vacuumEveryRows = options.vacuumEveryRows ?? 2_000;
    this.vacuumMinIntervalMs = options.vacuumMinIntervalMs ?? 5_000;
  }

  useLogger(logger: TenantShareOptions['logger']): void {
    this.options.logger = logger;
  }

  /**
   * Takes a slot of the tenant's share for a booking the reactor makes at once, unless the tenant has its
   * share in hand or requests waiting in the backlog (they go first): then false, and the request is to be
   * set aside (`defer`). A taken slot is given back with `leave`.
   */
  async tryEnter(tenantId: string): Promise<boolean> {
    if (!this.loaded) this.loaded = this.loadBacklogged().catch((error: unknown) => { this.loaded = undefined; throw error; });
    await this.loaded;
    if (await this.hasBacklog(tenantId)) return false;
    // Checked and taken in one step (no await in between): bookings handed over side by side cannot both pass.
    if ((this.inline.get(tenantId) ?? 0) + (this.drained.get(tenantId) ?? 0) >= this.options.perTenant) return false;
    count(this.inline, tenantId, 1);
    return true;
  }

  leave(tenantId: string): void {
    count(this.inline, tenantId, -1);
  }

  /** Sets the request aside in the backlog; a drainer books it when its tenant has room. */
  async defer(event: RecordedEvent, shipmentId: string): Promise<void> {
    await this.backlog.add(event, shipmentId, new Date(this.now()));
    this.backlogged.set(event.metadata.tenantId, this.now());
    // It may be claimable now: the drainer looks at once (or, if it is claiming, again right after).
    this.woken = true;
    this.waiter.wake();
  }

  /**
   * Books the backlog until `signal` aborts: claims what the tenants' shares allow, books each with `book`
   * (counted in its tenant's share here), and takes it out of the backlog. A request that fails on the
   * service's side is tried again later, `maxAttempts` times in all, then handed to `giveUp` and removed.
   * On closing, the bookings in hand finish; the rest stay in the backlog for the next drainer.
   */
  async drain(
    signal: AbortSignal,
    book: (event: RecordedEvent) => Promise<void>,
    giveUp: (event: RecordedEvent, error: unknown, attempts: number) => Promise<void>,
  ): Promise<void> {
    const running = new Set<Promise<void>>();
    while (!signal.aborted) {
      const free = this.options.drainConcurrency - running.size;
      let claimed: BacklogEntry[] = [];
      if (free > 0) {
        this.woken = false;
        claimed = await this.backlog.claim(new Date(this.now()), free, this.options.perTenant, this.leaseMs, this.inline).catch((error: unknown) => {
          this.options.logger?.error({ err: error }, 'booking backlog could not be claimed');
          return [];
        });
      }
      this.changedSinceVacuum += claimed.length;
      for (const entry of claimed) {
        const task: Promise<void> = this.bookOne(entry, book, giveUp).finally(() => running.delete(task));
        running.add(task);
      }
      this.vacuumWhenDue();
      // A request set aside while claiming may be claimable: look again at once. Otherwise wait for a
      // booking to finish (its tenant's room and its shipment's next request), a request set aside, or the poll.
      if (this.woken && free > claimed.length) continue;
      await this.waiter.wait(signal, this.idlePollMs, running);
    }
    await Promise.allSettled([...running]);
    await this.vacuuming;
  }

  /**
   * Starts a vacuum of the backlog (BookingBacklog.vacuum) once `vacuumEveryRows` rows were left dead here
   * since the last one, at most one at a time and one per `vacuumMinIntervalMs`; the drain goes on beside it.
   */
  private vacuumWhenDue(): void {
    if (this.vacuuming || this.changedSinceVacuum < this.vacuumEveryRows) return;
    if (this.now() - this.lastVacuumAt < this.vacuumMinIntervalMs) return;
    this.changedSinceVacuum = 0;
    this.lastVacuumAt = this.now();
    this.vacuuming = this.backlog.vacuum()
      .catch((error: unknown) => this.options.logger?.warn({ err: error }, 'booking backlog could not be vacuumed'))
      .finally(() => { this.vacuuming = undefined; });
  }

  private async bookOne(
    entry: BacklogEntry,
    book: (event: RecordedEvent) => Promise<void>,
    giveUp: (event: RecordedEvent, error: unknown, attempts: number) => Promise<void>,
  ): Promise<void> {
    const tenantId = entry.event.metadata.tenantId;
    count(this.drained, tenantId, 1);
    try {
      await book(entry.event);
      await this.backlog.finish(entry);
    } catch (error) {
      const attempts = entry.attempts + 1;
      if (attempts >= this.maxAttempts) {
        await giveUp(entry.event, error, attempts).catch((hookError: unknown) =>
          this.options.logger?.error({ err: hookError, eventId: entry.event.id }, 'booking backlog could not record that it gave up on a request'));
        await this.backlog.finish(entry).catch(() => undefined);
        this.options.logger?.error({ err: error, eventId: entry.event.id, attempts }, 'booking backlog gave up on a request');
      } else {
        const delay = Math.min(this.retryBaseMs * 2 ** (attempts - 1), 30_000);
        this.options.logger?.warn({ err: error, eventId: entry.event.id, attempts, retryInMs: delay }, 'booking from the backlog failed; retrying');
        await this.backlog.retryAt(entry, new Date(this.now() + delay)).catch(() => undefined);
      }
    } finally {
      this.changedSinceVacuum += 1;
      count(this.drained, tenantId, -1);
    }
  }

  /** Whether the tenant has requests in the backlog: believed for RECHECK_MS after it was last seen so, then read again. */
  private async hasBacklog(tenantId: string): Promise<boolean> {
    const seen = this.backlogged.get(tenantId);
    if (seen === undefined) return false;
    if (this.now() - seen < RECHECK_MS) return true;
    if (await this.backlog.holds(tenantId)) {
      this.backlogged.set(tenantId, this.now());
      return true;
    }
    this.backlogged.delete(tenantId);
    return false;
  }

  /** After a start, the tenants with requests left in the backlog: their new requests queue behind them. */
  private async loadBacklogged(): Promise<void> {
    for (const tenantId of await this.backlog.tenants()) this.backlogged.set(tenantId, this.now());
  }
}

/** Adds `by` to a tenant's count, keeping only tenants with something in hand. */
function count(counts: Map<string, number>, tenantId: string, by: number): void {
  const next = (counts.get(tenantId) ?? 0) + by;
  if (next > 0) counts.set(tenantId, next);
  else counts.delete(tenantId);
}
