import { outboxRows, webhookHarness, type WebhookHarness } from './support/webhook-harness';

describe('webhook senders on Postgres: several workers, a crash mid-delivery', () => {
  let h: WebhookHarness;
  beforeAll(async () => {
    h = await webhookHarness({ postgres: true });
  });
  afterAll(() => h?.close());

  it('three senders (the worker\'s and two more) racing on 150 due deliveries send each exactly once', async () => {
    const config = await h.configure('/race');
    h.receiver.answer = () => ({ status: 200, body: 'ok', delayMs: 20 });
    const abort = new AbortController();
    const others = [h.context.newSender({ concurrency: 8, idlePollMs: 20 }), h.context.newSender({ concurrency: 8, idlePollMs: 20 })];
    const loops = others.map((sender) => sender.run(abort.signal));
    const rows = outboxRows(h.tenant.tenantId, config.config_id, 150);
    expect(await h.context.deliveries.enqueue(rows, h.clock.now())).toBe(150);
    expect(await h.context.deliveries.enqueue(rows, h.clock.now())).toBe(0); // exactly-once enqueue
    const arrived = await h.receiver.waitFor((all) => { const r = all.filter((x) => x.path === '/race'); return r.length >= 150 ? r : undefined; }, 30_000);
    await h.drained();
    abort.abort();
    await Promise.all(loops);
    const eventIds = h.receiver.at('/race').map((r) => r.headers['event-id']);
    expect(eventIds).toHaveLength(150);
    expect(new Set(eventIds).size).toBe(150);
    expect(arrived).toHaveLength(150);
    expect(others.every((sender) => sender.attemptsMade > 0)).toBe(true);
    const log = await h.app.http.request('GET', `/webhooks/${config.config_id}/deliveries?page_size=100&status=superseded`, { headers: h.tenant.headers });
    expect(log.body).toEqual([]);
  }, 60_000);

  it('a sender that stops mid-delivery (its claim expires) has that one attempt re-sent with the same event-id; its late result changes nothing', async () => {
    const config = await h.configure('/crash');
    let calls = 0;
    h.receiver.answer = (request) => (request.path === '/crash' && ++calls === 1 ? 'hang' : { status: 200, body: 'ok' });
    const [row] = outboxRows(h.tenant.tenantId, config.config_id, 1);
    await h.context.deliveries.enqueue([row!], h.clock.now());
    h.context.sender.wake();
    await h.receiver.waitFor((all) => all.some((r) => r.path === '/crash'));
    // The first sender now hangs on the call, as one that died after sending would: nobody else sends it while its claim lasts.
    expect(await h.context.newSender().sendDue()).toBe(0);
    h.clock.advanceMinutes(3); // past the 2-minute claim
    h.context.sender.wake();
    const both = await h.receiver.waitFor((all) => { const r = all.filter((x) => x.path === '/crash'); return r.length === 2 ? r : undefined; });
    expect(both[1]!.headers['event-id']).toBe(both[0]!.headers['event-id']);
    expect(both[1]!.headers['event-id']).toBe(row!.event_id);
    await h.logOnce(config.config_id, (log) => log.some((a) => a.outcome === 'delivered'));
    h.receiver.releaseHanging(); // the stopped sender's call fails now, after its claim was taken over
    const log = await h.logOnce(config.config_id, (entries) => entries.length === 2);
    expect(log.map((a) => a.outcome).sort()).toEqual(['delivered', 'superseded']);
    await h.drained();
    expect(h.receiver.at('/crash')).toHaveLength(2);
    const db = await h.context.deliveries.db();
    const stored = await db.selectFrom('deliveries').select(['status', 'attempts']).where('event_id', '=', row!.event_id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'delivered', attempts: 1 });
  }, 60_000);
});
