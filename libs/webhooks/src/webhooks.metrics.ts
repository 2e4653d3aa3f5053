import { Counter, Gauge } from 'prom-client';
import { metricsRegistry } from '@shipledger/platform';
import type { AttemptOutcome } from './domain';

const attempts = new Counter({
  name: 'shipledger_webhook_delivery_attempts_total',
  help: 'Webhook delivery attempts by outcome (delivered, retrying, failed, superseded)',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

/** Where the gauge below reads its counts: the process's webhooks context (the latest one wired). */
let countSource: (() => Promise<{ retrying: number; failed: number; pending: number }>) | undefined;

new Gauge({
  name: 'shipledger_webhook_deliveries',
  help: 'Webhook deliveries now: pending (waiting for an attempt), failing (pending after a failed attempt), failed (gave up; replay by hand)',
  labelNames: ['status'] as const,
  registers: [metricsRegistry],
  async collect() {
    if (!countSource) return;
    const counts = await countSource().catch(() => undefined);
    if (!counts) return;
    this.set({ status: 'pending' }, counts.pending);
    this.set({ status: 'failing' }, counts.retrying);
    this.set({ status: 'failed' }, counts.failed);
  },
});

export function countAttempt(outcome: AttemptOutcome): void {
  attempts.inc({ outcome });
}

export function reportDeliveryCountsFrom(source: typeof countSource): void {
  countSource = source;
}
