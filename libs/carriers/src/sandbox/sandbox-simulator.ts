import type { TrackingIngestionService } from '../tracking/tracking-ingestion.service';
import { SCENARIO_STEPS, type SandboxScenario } from './sandbox-scenarios';
import type { SandboxBookingRow, SandboxStore } from './sandbox-store';

/**
 * Moves sandbox bookings along their scenario: step n is due `n × step_seconds` after booking on the
 * tenant's sandbox clock. Each step is reported as a tracking event with carrier event id
 * `<request id>:<n>` and only then counted, so a crash between the two re-reports a step that the
 * ingestion recognises as a duplicate, and no step is ever skipped.
 */
export class SandboxSimulator {
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;
  /** Passes started and not finished (timer ticks and admin advances). */
  private passes = 0;
  /** Set by stop: a running pass ends after the step it is reporting, not after every due step. */
  private stopping = false;

  constructor(private readonly store: SandboxStore, private readonly tracking: TrackingIngestionService) {}

  start(intervalMs: number): void {
    if (this.timer) return;
    this.stopping = false;
    this.timer = setInterval(() => {
      // A pass still running (many due steps, a busy database): skip this tick instead of queueing
      // another pass behind it, so under load the simulation stays one pass at a time and never piles
      // up work (and memory) in front of the bookings it shares the process and database with.
      if (this.passes > 0) return;
      void this.tick().catch(() => undefined);
    }, intervalMs);
    this.timer.unref();
  }

  /**
   * Ends the simulation at shutdown without waiting for a whole pass, which on a busy database can hold
   * many due steps: the pass stops between two steps, each reported and counted, and the next start
   * reports the rest (a stop is then no different from a pass that has not run yet).
   */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** Reports every due step (of one tenant, or all); returns how many tracking events it recorded. */
  tick(tenantId?: string): Promise<number> {
    // One pass at a time per process: a timer tick and an admin advance must not interleave.
    const previous = this.running ?? Promise.resolve(0);
    this.passes++;
    const next = previous.catch(() => 0).then(() => this.pass(tenantId)).finally(() => this.passes--);
    this.running = next;
    return next;
  }

  /** Reports one booking's due steps now (a tracking refresh); in the same one-at-a-time line as tick. */
  refresh(requestId: string): Promise<number> {
    const previous = this.running ?? Promise.resolve(0);
    const next = previous.catch(() => 0).then(async () => {
      const booking = await this.store.booking(requestId);
      if (!booking || booking.status !== 'booked') return 0;
      return this.advance(booking, await this.store.now(booking.tenant_id));
    });
    this.running = next;
    return next;
  }

  private async pass(tenantId?: string): Promise<number> {
    let recorded = 0;
    const clocks = new Map<string, Date>();
    for (const booking of await this.store.activeBookings(tenantId)) {
      if (this.stopping) break;
      let now = clocks.get(booking.tenant_id);
      if (!now) {
        now = await this.store.now(booking.tenant_id);
        clocks.set(booking.tenant_id, now);
      }
      recorded += await this.advance(booking, now);
    }
    return recorded;
  }

  private async advance(booking: SandboxBookingRow, now: Date): Promise<number> {
    const steps = SCENARIO_STEPS[(booking.scenario ?? 'delivered') as SandboxScenario] ?? [];
    const bookedAt = new Date(booking.booked_at).getTime();
    const due = Math.min(steps.length, Math.floor((now.getTime() - bookedAt) / (booking.step_seconds * 1000)));
    let recorded = 0;
    for (let n = booking.steps_reported; n < due; n++) {
      if (this.stopping) return recorded;
      const step = steps[n]!;
      const result = await this.tracking.record({
        tenantId: booking.tenant_id,
        carrierAccountId: booking.carrier_account_id,
        carrierEventId: `${booking.request_id}:${n + 1}`,
        trackingNo: booking.tracking_no,
        status: step.status,
        carrierStatus: step.carrierStatus,
        carrierStatusDescription: step.description,
        location: step.location,
        date: new Date(bookedAt + (n + 1) * booking.step_seconds * 1000).toISOString(),
        actor: 'carrier:SANDBOX',
      });
      if (result === 'superseded') {
        await this.store.setStatus(booking.request_id, 'finished');
        return recorded;
      }
      // The booking reactor has not recorded this booking yet: report the step on a later pass.
      if (result === 'unknown_tracking_no' || result === 'not_booked_yet') return recorded;
      if (result === 'recorded') recorded++;
      await this.store.markReported(booking.request_id, n, n + 1, n + 1 === steps.length);
    }
    if (steps.length === 0 || booking.steps_reported >= steps.length) await this.store.setStatus(booking.request_id, 'finished');
    return recorded;
  }
}
