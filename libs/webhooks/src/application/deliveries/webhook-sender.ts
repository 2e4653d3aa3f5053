import { performance } from 'node:perf_hooks';
import { OutboundError, WakeUp, type OutboundClient } from '@shipledger/platform';
import { DELIVERY_LIMITS, responseExcerpt, retryDelayMinutes, type AttemptOutcome } from '../../domain';
import { FIRST_WINDOW, type ClaimedDelivery, type ClaimWindow, type DeliveryRepository } from '../../storage/delivery.repository';
import { sendingKey, type SendingConfiguration, type WebhookConfigurationRepository } from '../../storage/webhook-configuration.repository';
import type { WebhooksClock } from '../../webhooks.config';
import { countAttempt } from '../../webhooks.metrics';
import { deliveryHeaders } from './webhook-request';

export interface WebhookSenderOptions {
  /** Deliveries in flight at once per sender. Default DELIVERY_LIMITS.senderConcurrency (32). */
  concurrency?: number;
  /** Deliveries of one tenant in flight at once, across the senders. Default DELIVERY_LIMITS.tenantInFlight (16). */
  perTenant?: number;
  /** How often an idle sender looks for due deliveries (retries, other processes' enqueues). Default 250. */
  idlePollMs?: number;
  /** A claim not finished by then is taken over by another sender. Default DELIVERY_LIMITS.leaseMs. */
  leaseMs?: number;
  /** Tenants with pending deliveries one claim looks at; the next claim looks at the next ones. Default DELIVERY_LIMITS.claimWindow. */
  claimWindow?: number;
  logger?: { warn(object: object, message: string): void; error(object: object, message: string): void };
}

/**
 * Drains webhooks.deliveries: claims due deliveries (FOR UPDATE SKIP LOCKED, so any number of senders in
 * any number of processes share the work and never send one attempt twice), posts each through the
 * outbound guard, and records the attempt: 2xx within 30 s = delivered; otherwise the next attempt is
 * scheduled by the configuration's retry settings (`retryDelayMinutes`), or the delivery fails.
 * `clock` decides what is due (tests move it); the signature's timestamp is the wall clock.
 */
export class WebhookSender {
  private readonly concurrency: number;
  private readonly perTenant: number;
  private readonly idlePollMs: number;
  private readonly leaseMs: number;
  /** Where this sender's next claim starts among the tenants with pending deliveries. */
  private window: ClaimWindow;
  private inFlight = 0;
  /** Attempts this sender made (recorded or superseded): tests compare senders by it. */
  attemptsMade = 0;
  private readonly waiter = new WakeUp();
  private logger: WebhookSenderOptions['logger'];
  private woken = false;

  constructor(
    private readonly deliveries: DeliveryRepository,
    private readonly configurations: WebhookConfigurationRepository,
    private readonly outbound: OutboundClient,
    private readonly clock: WebhooksClock,
    private readonly options: WebhookSenderOptions = {},
  ) {
    this.concurrency = options.concurrency ?? DELIVERY_LIMITS.senderConcurrency;
    this.perTenant = options.perTenant ?? DELIVERY_LIMITS.tenantInFlight;
    this.idlePollMs = options.idlePollMs ?? 250;
    this.leaseMs = options.leaseMs ?? DELIVERY_LIMITS.leaseMs;
    this.window = { ...FIRST_WINDOW, size: options.claimWindow ?? FIRST_WINDOW.size };
    this.logger = options.logger;
  }

  useLogger(logger: WebhookSenderOptions['logger']): void {
    this.logger = logger;
  }

  /** Something may be due now (an enqueue in this process, a test that moved the clock). */
  wake(): void {
    this.woken = true;
    this.waiter.wake();
  }

  /** Sends until `signal` aborts; in-flight deliveries finish (or their claims expire) on their own. */
  async run(signal: AbortSignal): Promise<void> {
    const running = new Set<Promise<void>>();
    while (!signal.aborted) {
      let claimed: ClaimedDelivery[] = [];
      const free = this.concurrency - this.inFlight;
      // Claim when a quarter of the slots are free (or none is busy), not after every single finish: a
      // claim and its configuration read are two round trips, shared by the batch they fetch.
      const worthClaiming = free > 0 && (free >= Math.max(1, Math.floor(this.concurrency / 4)) || this.inFlight === 0);
      if (worthClaiming) {
        this.woken = false;
        claimed = await this.claim(free).catch((error: unknown) => {
          this.logger?.error({ err: error }, 'webhook sender could not claim deliveries');
          return [];
        });
      }
      for (const work of this.deliverBatch(claimed)) {
        const tracked = work.finally(() => running.delete(tracked));
        running.add(tracked);
      }
      // Not claiming (too few free slots): wait for a delivery to finish, whatever woke us — `continue` would spin.
      if (worthClaiming && (claimed.length === free || this.woken)) continue;
      // A finished delivery frees a slot and may unblock the next one of its aggregate.
      await this.waiter.wait(signal, this.idlePollMs, running);
    }
    // Give in-flight calls a moment to record their attempt; one cut short leaves its claim to expire.
    await Promise.race([Promise.allSettled([...running]), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
  }

  /** One pass for tests and tools: claims what is due (in this sender's next window of tenants) and sends it; answers how many were sent. */
  async sendDue(limit = this.concurrency): Promise<number> {
    const claimed = await this.claim(limit);
    await Promise.all(this.deliverBatch(claimed));
    return claimed.length;
  }

  /** Claims in the next window of tenants, and moves the window on. */
  private async claim(limit: number): Promise<ClaimedDelivery[]> {
    const { deliveries, nextAfter } = await this.deliveries.claimDue(this.clock.now(), limit, this.leaseMs, this.perTenant, this.window);
    this.window = { ...this.window, after: nextAfter };
    return deliveries;
  }

  /**
   * One read of the batch's configurations and secrets (decrypted secrets are cached by ciphertext) for
   * all its deliveries, instead of two per delivery; then each delivery goes out on its own.
   */
  private deliverBatch(claimed: readonly ClaimedDelivery[]): Promise<void>[] {
    if (claimed.length === 0) return [];
    this.inFlight += claimed.length;
    const loaded = this.configurations.forSending(claimed.map((delivery) => delivery.config_id), new Date());
    return claimed.map((delivery) => this.deliver(delivery, loaded));
  }

  private async deliver(delivery: ClaimedDelivery, loaded: Promise<Map<string, SendingConfiguration>>): Promise<void> {
    try {
      await this.attempt(delivery, (await loaded).get(sendingKey(delivery.tenant_id, delivery.config_id)));
    } catch (error) {
      // The claim expires and another pass re-sends this attempt.
      this.logger?.error({ err: error, deliveryId: delivery.delivery_id }, 'webhook delivery could not be recorded');
    } finally {
      this.inFlight--;
    }
  }

  private async attempt(delivery: ClaimedDelivery, stored: SendingConfiguration | undefined): Promise<void> {
    if (!stored || stored.configuration.status !== 'ACTIVE') {
      await this.deliveries.cancel(delivery, this.clock.now());
      return;
    }
    const { configuration, secrets } = stored;
    const sentAt = new Date();
    const headers = deliveryHeaders(delivery, configuration.headers, secrets, sentAt);
    const startedAt = this.clock.now();
    const started = performance.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    let excerpt: string | null = null;
    try {
      const response = await this.outbound.send({
        method: 'POST', url: configuration.url, headers, body: delivery.body,
        timeoutMs: DELIVERY_LIMITS.timeoutMs, maxResponseBytes: DELIVERY_LIMITS.responseBytes,
      });
      statusCode = response.status;
      excerpt = responseExcerpt(response.body.toString('utf8'));
    } catch (caught) {
      error = caught instanceof OutboundError ? `${caught.failure}: ${caught.message}` : 'the call failed';
      if (!(caught instanceof OutboundError)) this.logger?.warn({ err: caught, deliveryId: delivery.delivery_id }, 'webhook call failed');
    }
    const durationMs = performance.now() - started;
    this.attemptsMade++;
    const ok = statusCode !== null && statusCode >= 200 && statusCode < 300 && durationMs <= DELIVERY_LIMITS.timeoutMs;
    const finishedAt = this.clock.now();
    const delayMinutes = ok ? null : retryDelayMinutes(configuration, delivery.attempts + 1);
    const outcome: AttemptOutcome = ok ? 'delivered' : delayMinutes === null ? 'failed' : 'retrying';
    const nextRetryAt = delayMinutes === null ? null : new Date(finishedAt.getTime() + delayMinutes * 60_000);
    const current = await this.deliveries.finish({
      delivery, startedAt, durationMs, url: configuration.url, statusCode, error, responseExcerpt: excerpt, outcome, nextRetryAt, finishedAt,
    });
    countAttempt(current ? outcome : 'superseded');
  }
}
