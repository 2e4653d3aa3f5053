import { performance } from 'node:perf_hooks';
import type { EventStore } from '@shipledger/event-store';
import { WakeUp } from '@shipledger/platform';
import type { DeliveryRepository } from '../../storage/delivery.repository';
import type { ClaimedReplayJob, ReplayJobRepository } from '../../storage/replay-job.repository';
import type { WebhookConfigurationRepository } from '../../storage/webhook-configuration.repository';
import type { WebhooksClock } from '../../webhooks.config';
import { deliveriesFor, planMessages } from '../shared/delivery-planner';
import { REPLAY_LIMITS } from './replay.dto';

const LEASE_MS = 60_000;

export interface ReplayJobRunnerOptions {
  /** How often an idle runner looks for open jobs. Default 1,000 ms. */
  idlePollMs?: number;
  /** How long a job runs before it gives up its turn (at least one batch). Default 2,000 ms. */
  sliceMs?: number;
  /** Events read from the log per batch. Default REPLAY_LIMITS.scanBatch. */
  scanBatch?: number;
}

/**
 * Runs range replays in the worker: reads the event log from the start (or from where it stopped) in
 * batches, takes the tenant's events recorded in [from, to), and enqueues what the configuration — as it
 * is now — wants, with the original event ids and the replay's id. Stops at the first event recorded at
 * or after `to`, or at REPLAY_LIMITS.maxDeliveries. A job runs in slices of `sliceMs`, then gives up its
 * turn (ReplayJobRepository.claim serves the tenant that waited longest): one tenant's long replays
 * delay another's by a slice each, not by their whole length.
 */
export class ReplayJobRunner {
  private readonly waiter = new WakeUp();
  private readonly idlePollMs: number;
  private readonly sliceMs: number;
  private readonly scanBatch: number;

  constructor(
    private readonly eventStore: EventStore,
    private readonly configurations: WebhookConfigurationRepository,
    private readonly deliveries: DeliveryRepository,
    private readonly jobs: ReplayJobRepository,
    private readonly clock: WebhooksClock,
    private readonly onEnqueued: () => void,
    options: ReplayJobRunnerOptions = {},
  ) {
    this.idlePollMs = options.idlePollMs ?? 1_000;
    this.sliceMs = options.sliceMs ?? 2_000;
    this.scanBatch = options.scanBatch ?? REPLAY_LIMITS.scanBatch;
  }

  wake(): void {
    this.waiter.wake();
  }

  async run(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      const worked = await this.runOne(signal).catch(() => false);
      if (worked) continue;
      await this.waiter.wait(signal, this.idlePollMs);
    }
  }

  /** Claims one open job and runs one slice of it (to its end if that comes first); false when none was open. */
  async runOne(signal?: AbortSignal): Promise<boolean> {
    const job = await this.jobs.claim(this.clock.now(), LEASE_MS);
    if (!job) return false;
    try {
      await this.work(job, signal);
    } catch (error) {
      await this.jobs.finish(job, 'failed', this.clock.now(), error instanceof Error ? error.message.slice(0, 500) : 'failed');
    }
    return true;
  }

  /**
   * Scans from where the job stopped until the slice ends, the range ends or the job is lost: a write that
   * finds the claim gone (this runner stalled past its lease and another took the job over) ends the work
   * here, leaving the job to its new holder.
   */
  private async work(job: ClaimedReplayJob, signal?: AbortSignal): Promise<void> {
    const stored = await this.configurations.get(job.tenant_id, job.config_id);
    if (!stored) return void (await this.jobs.finish(job, 'failed', this.clock.now(), 'the configuration was deleted'));
    const from = Date.parse(job.from);
    const to = Date.parse(job.to);
    let after = job.after_position ?? undefined;
    let { scanned, enqueued } = job;
    const sliceEnds = performance.now() + this.sliceMs;
    for (;;) {
      if (signal?.aborted) return; // the lease runs out and another runner resumes from `after`
      const events = await this.eventStore.readAll({ after, maxCount: this.scanBatch });
      let reachedEnd = events.length === 0;
      for (const event of events) {
        const recorded = Date.parse(event.recordedAt);
        if (recorded >= to) { reachedEnd = true; break; }
        scanned++;
        after = event.position;
        if (recorded < from || event.metadata?.tenantId !== job.tenant_id) continue;
        const rows = deliveriesFor(event, await planMessages(this.eventStore, event), [stored.configuration], job.replay_id);
        enqueued += await this.deliveries.enqueue(rows.slice(0, REPLAY_LIMITS.maxDeliveries - enqueued), this.clock.now());
        if (enqueued >= REPLAY_LIMITS.maxDeliveries) { reachedEnd = true; break; }
      }
      if (enqueued > 0) this.onEnqueued();
      if (!reachedEnd && performance.now() >= sliceEnds) return void (await this.jobs.giveUpTurn(job, after, scanned, enqueued));
      if (after !== undefined && !(await this.jobs.progress(job, after, scanned, enqueued, new Date(this.clock.now().getTime() + LEASE_MS)))) return;
      if (reachedEnd) return void (await this.jobs.finish(job, 'done', this.clock.now()));
    }
  }
}
