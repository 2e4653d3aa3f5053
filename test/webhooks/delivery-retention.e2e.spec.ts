import { DeliveryRetention } from '@shipledger/webhooks';
import { outboxRows, webhookHarness, type WebhookHarness } from './support/webhook-harness';

describe.each([['PGlite', false], ['Postgres', true]])('webhook delivery retention (%s)', (_name, postgres) => {
  let h: WebhookHarness;
  beforeAll(async () => {
    h = await webhookHarness({ postgres });
  });
  afterAll(() => h?.close());

  async function storedDeliveries(eventIds: readonly string[]) {
    const db = await h.context.deliveries.db();
    const deliveries = await db.selectFrom('deliveries').select(['delivery_id', 'status']).where('event_id', 'in', [...eventIds]).execute();
    const attempts = deliveries.length === 0 ? [] : await db.selectFrom('delivery_attempts').select('attempt_id')
      .where('delivery_id', 'in', deliveries.map((row) => row.delivery_id)).execute();
    return { deliveries, attempts };
  }

  it('deletes deliveries finished before the retention with their attempts, in batches, and keeps recent and pending ones', async () => {
    // Given three deliveries delivered now, and one whose receiver fails (pending, waiting for its retry)
    const kept = await h.configure('/kept', { max_retry_count: 20, initial_retry_frequency: 1440 });
    h.receiver.answer = (request) => (request.path === '/failing' ? { status: 500, body: 'down' } : { status: 200, body: 'ok' });
    const failing = await h.configure('/failing', { max_retry_count: 20, initial_retry_frequency: 1440 });
    const old = outboxRows(h.tenant.tenantId, kept.config_id, 3);
    const [stuck] = outboxRows(h.tenant.tenantId, failing.config_id, 1);
    await h.context.deliveries.enqueue([...old, stuck!], h.clock.now());
    h.context.sender.wake();
    await h.logOnce(kept.config_id, (log) => log.filter((a) => a.outcome === 'delivered').length === 3);
    await h.logOnce(failing.config_id, (log) => log.length === 1);
    // And, 31 days later, one more delivered
    h.clock.advanceMinutes(31 * 24 * 60);
    const [recent] = outboxRows(h.tenant.tenantId, kept.config_id, 1);
    await h.context.deliveries.enqueue([recent!], h.clock.now());
    h.context.sender.wake();
    await h.logOnce(kept.config_id, (log) => log.filter((a) => a.outcome === 'delivered').length === 4);
    expect((await storedDeliveries(old.map((row) => row.event_id))).attempts).toHaveLength(3);

    // When the purge runs with the configured retention (30 days by default), two deliveries per statement
    expect(h.context.config.deliveryRetentionDays).toBe(30);
    const retention = new DeliveryRetention(h.context.deliveries, h.context.replayJobs, h.clock, { retentionDays: h.context.config.deliveryRetentionDays, batchSize: 2 });
    const purged = await retention.purge();

    // Then the three old deliveries and their attempts are gone, in two statements' worth of batches
    expect(purged.deliveries).toBe(3);
    expect(await storedDeliveries(old.map((row) => row.event_id))).toEqual({ deliveries: [], attempts: [] });
    // And the recent one stays, in the outbox and in the delivery log
    const log = await h.logOnce(kept.config_id, () => true);
    expect(log.map((attempt) => attempt.event_id)).toEqual([recent!.event_id]);
    // And the one still waiting for a retry stays, however old it is
    const waiting = await storedDeliveries([stuck!.event_id]);
    expect(waiting.deliveries.map((row) => row.status)).toEqual(['pending']);
    expect(waiting.attempts.length).toBeGreaterThanOrEqual(1);
    // And a second pass finds nothing
    expect((await retention.purge()).deliveries).toBe(0);
  }, 60_000);

  it('the worker\'s retention loop purges when it starts and stops when the worker stops', async () => {
    // Given two deliveries delivered, then 31 days passing
    const config = await h.configure('/loop');
    h.receiver.answer = () => ({ status: 200, body: 'ok' });
    const rows = outboxRows(h.tenant.tenantId, config.config_id, 2);
    await h.context.deliveries.enqueue(rows, h.clock.now());
    h.context.sender.wake();
    await h.logOnce(config.config_id, (log) => log.filter((a) => a.outcome === 'delivered').length === 2);
    h.clock.advanceMinutes(31 * 24 * 60);
    // When the context's retention loop (the one the worker runs beside the sender) starts
    const abort = new AbortController();
    const loop = h.context.retention.run(abort.signal);
    // Then its first pass removes them
    const until = Date.now() + 10_000;
    while ((await storedDeliveries(rows.map((row) => row.event_id))).deliveries.length > 0 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await storedDeliveries(rows.map((row) => row.event_id))).toEqual({ deliveries: [], attempts: [] });
    // And it ends at once when stopped, not an hour later
    const stoppedAt = Date.now();
    abort.abort();
    await loop;
    expect(Date.now() - stoppedAt).toBeLessThan(1_000);
  }, 60_000);
});
