import { setTimeout as delay } from 'node:timers/promises';
import type { DeliveryRepository } from '../../storage/delivery.repository';
import type { ReplayJobRepository } from '../../storage/replay-job.repository';
import type { WebhooksClock } from '../../webhooks.config';

export interface DeliveryRetentionOptions {
  /** Days a finished delivery, or a finished range replay, is kept (WebhooksConfig.deliveryRetentionDays). */
  retentionDays: number;
  /** Time between purge passes. Default one hour; the first pass runs when the worker starts. */
  everyMs?: number;
  /** Deliveries (or range replays) deleted per statement. Default 1,000. */
  batchSize?: number;
  logger?: { info(object: object, message: string): void; error(object: object, message: string): void };
}

const DAY_MS = 24 * 3_600_000;

/** What one purge pass deleted. */
export interface PurgeCounts {
  deliveries: number;
  replays: number;
}

/**
 * Keeps the outbox bounded: the worker deletes deliveries that finished (delivered, failed or cancelled)
 * more than `retentionDays` ago, with their attempts, and the range replays that finished (done or
 * failed) as long ago, in statements of `batchSize` rows, so no pass holds a long transaction. A pending
 * delivery and a queued or running replay are never touched, however old. Several workers may purge at
 * once: a row is deleted once, the others find nothing.
 */
export class DeliveryRetention {
  private readonly everyMs: number;
  private readonly batchSize: number;

  private logger: DeliveryRetentionOptions['logger'];

  constructor(
    private readonly deliveries: Pick<DeliveryRepository, 'purgeFinished'>,
    private readonly replayJobs: Pick<ReplayJobRepository, 'purgeFinished'>,
    private readonly clock: WebhooksClock,
    private readonly options: DeliveryRetentionOptions,
  ) {
    this.everyMs = options.everyMs ?? 3_600_000;
    this.batchSize = options.batchSize ?? 1_000;
    this.logger = options.logger;
  }

  useLogger(logger: DeliveryRetentionOptions['logger']): void {
    this.logger = logger;
  }

  /** Deletes every delivery and range replay finished before the retention, batch by batch; answers how many went. */
  async purge(signal?: AbortSignal): Promise<PurgeCounts> {
    const before = new Date(this.clock.now().getTime() - this.options.retentionDays * DAY_MS);
    return {
      deliveries: await this.inBatches((limit) => this.deliveries.purgeFinished(before, limit), signal),
      replays: await this.inBatches((limit) => this.replayJobs.purgeFinished(before, limit), signal),
    };
  }

  private async inBatches(purgeBatch: (limit: number) => Promise<number>, signal?: AbortSignal): Promise<number> {
    let purged = 0;
    while (!signal?.aborted) {
      const batch = await purgeBatch(this.batchSize);
      purged += batch;
      if (batch < this.batchSize) break;
    }
    return purged;
  }

  /** A purge pass now and then every `everyMs` until `signal` aborts; a failed pass is logged and retried at the next. */
  async run(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      try {
        const purged = await this.purge(signal);
        if (purged.deliveries + purged.replays > 0) {
          this.logger?.info({ purged: purged.deliveries, replaysPurged: purged.replays, retentionDays: this.options.retentionDays }, 'webhook deliveries purged');
        }
      } catch (error) {
        this.logger?.error({ err: error }, 'webhook delivery purge failed');
      }
      await delay(this.everyMs, undefined, { signal }).catch(() => undefined); // an abort ends the wait
    }
  }
}
