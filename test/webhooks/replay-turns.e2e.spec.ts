import { randomUUID } from 'node:crypto';
import { shipmentClient, shipmentRequest } from '../shipping/support/shipment-requests';
import { webhookHarness, type WebhookHarness } from './support/webhook-harness';

/**
 * Range replays run in slices and tenants take turns. No worker runs here: the test runs the one runner by
 * hand, a slice (one batch of 20 events) per call, so the order of turns is exactly what the claim chose.
 */
describe.each([['PGlite', false], ['Postgres', true]])('range replays take turns between tenants (%s)', (_name, postgres) => {
  let h: WebhookHarness;
  beforeAll(async () => {
    h = await webhookHarness({ postgres, worker: false });
  });
  afterAll(() => h?.close());

  async function statusOf(replayId: string) {
    const db = await h.context.deliveries.db();
    return db.selectFrom('replay_jobs').select(['status', 'scanned', 'enqueued']).where('replay_id', '=', replayId).executeTakeFirstOrThrow();
  }

  it('another tenant\'s replay, queued after four long ones of the first, gets every other turn and finishes while those still run; every job scans the whole range once', async () => {
    // Given tenant A with three draft shipments and a configuration that wants drafts, and tenant B with one
    const configA = await h.configure('/turns-a', { notify_status: ['draft'] });
    const shipments = shipmentClient(h.app, h.tenant);
    for (let index = 0; index < 3; index += 1) expect((await shipments.create(shipmentRequest('SHOP-A'), '?draft=true')).status).toBe(200);
    const tenantB = await h.app.createTenant({ merchants: ['SHOP-TURNS'] });
    const configB = await h.configure('/turns-b', { notify_status: ['draft'] }, tenantB);
    // And a log long enough for many slices: 200 events of nobody's
    await h.app.eventStore.append(`filler-${randomUUID()}`, fillerEvents(200), 'no_stream');
    // And four range replays of A, then one of B, over all of it
    const now = Date.now();
    const range = { from: new Date(now - 3_600_000).toISOString(), to: new Date(now + 3_600_000).toISOString() };
    const job = async (tenantId: string, configId: string, createdAt: number) => (await h.context.replayJobs.createUnlessFull(
      { replay_id: randomUUID(), tenant_id: tenantId, config_id: configId, ...range }, new Date(createdAt), 5))!.replay_id;
    const as: string[] = [];
    for (let index = 0; index < 4; index += 1) as.push(await job(h.tenant.tenantId, configA.config_id, now + index));
    const b = await job(tenantB.tenantId, configB.config_id, now + 4);

    // When the runner works slice by slice until B's replay is done
    const runner = h.context.newReplayRunner({ sliceMs: 0, scanBatch: 20 });
    let slices = 0;
    while ((await statusOf(b)).status !== 'done') {
      expect(await runner.runOne()).toBe(true);
      slices += 1;
      expect(slices).toBeLessThan(200);
    }

    // Then all of A's are still running (without turns, B waited for them to end), and B had every other
    // turn: tenants take turns, not jobs (by jobs, B would have had every fifth)
    for (const a of as) expect((await statusOf(a)).status).toBe('running');
    const bSlices = Math.ceil((await statusOf(b)).scanned / 20) + 1; // its batches, then the read that found the end
    expect(slices).toBeLessThanOrEqual(2 * bSlices);

    // When the runner goes on until nothing is open
    while (await runner.runOne()) slices += 1;
    // Then each job read the same range once, whatever its turns: the same events scanned, A's drafts enqueued
    // once per replay (3 each), B with none of its own
    const done = await Promise.all([...as, b].map(statusOf));
    expect(done.map((row) => row.status)).toEqual(['done', 'done', 'done', 'done', 'done']);
    expect(done[0]!.scanned).toBeGreaterThanOrEqual(200);
    expect(new Set(done.map((row) => row.scanned)).size).toBe(1);
    expect(done.map((row) => row.enqueued)).toEqual([3, 3, 3, 3, 0]);
    const db = await h.context.deliveries.db();
    const rows = await db.selectFrom('deliveries').select(['replay_id']).where('replay_id', 'in', [...as, b]).execute();
    for (const a of as) expect(rows.filter((row) => row.replay_id === a)).toHaveLength(3);
  }, 120_000);

  it('a runner that stalled past its lease changes nothing of the job another runner took over, and stops', async () => {
    // Given a tenant's range replay over a log of 60 events of nobody's
    const config = await h.configure('/lease-lost', { notify_status: ['draft'] });
    await h.app.eventStore.append(`filler-${randomUUID()}`, fillerEvents(60), 'no_stream');
    const now = h.clock.now().getTime();
    const created = await h.context.replayJobs.createUnlessFull({
      replay_id: randomUUID(), tenant_id: h.tenant.tenantId, config_id: config.config_id,
      from: new Date(now - 3_600_000).toISOString(), to: new Date(now + 3_600_000).toISOString(),
    }, new Date(now), 5);
    const replayId = created!.replay_id;
    // And runner A, which stalls after its second batch for longer than its lease: meanwhile the clock passes
    // the lease and runner B claims the job and records its own progress
    let taken: { token: string; row: Awaited<ReturnType<typeof jobRow>> } | undefined;
    const read = h.app.eventStore.readAll.bind(h.app.eventStore);
    let reads = 0;
    const stall = jest.spyOn(h.app.eventStore, 'readAll').mockImplementation(async (options) => {
      reads += 1;
      if (reads === 3 && !taken) {
        h.clock.advanceMinutes(2);
        const claimed = await h.context.replayJobs.claim(h.clock.now(), 60_000);
        expect(claimed?.replay_id).toBe(replayId);
        await h.context.replayJobs.progress(claimed!, claimed!.after_position!, claimed!.scanned, 0, new Date(h.clock.now().getTime() + 60_000));
        taken = { token: claimed!.claim_token, row: await jobRow(replayId) };
      }
      return read(options);
    });

    // When runner A works the job (one slice as long as the whole range, 10 events a batch)
    try {
      expect(await h.context.newReplayRunner({ sliceMs: 60_000, scanBatch: 10 }).runOne()).toBe(true);
    } finally {
      stall.mockRestore();
    }

    // Then A stopped at its first write after the takeover: the job is still B's, as B left it — running, under
    // B's claim and lease, with B's progress (without the claim check, A read on and ended B's job: done)
    expect(taken).toBeDefined();
    expect(await jobRow(replayId)).toEqual(taken!.row);
    expect(taken!.row).toMatchObject({ status: 'running', claim_token: taken!.token });
    // And A read on no further than the batch it had in hand
    expect(reads).toBe(3);
    // And A's stale writes are refused one by one: none lands under a claim it no longer holds
    const stale = { replay_id: replayId, claim_token: randomUUID() };
    expect(await h.context.replayJobs.giveUpTurn(stale, undefined, 0, 0)).toBe(false);
    expect(await h.context.replayJobs.progress(stale, '0', 0, 0, h.clock.now())).toBe(false);
    expect(await h.context.replayJobs.finish(stale, 'failed', h.clock.now())).toBe(false);
    expect(await jobRow(replayId)).toEqual(taken!.row);
  }, 60_000);

  async function jobRow(replayId: string) {
    const db = await h.context.deliveries.db();
    return db.selectFrom('replay_jobs').select(['status', 'after_position', 'scanned', 'claimed_until', 'claim_token', 'turn', 'finished_at'])
      .where('replay_id', '=', replayId).executeTakeFirstOrThrow();
  }
});

/** `count` events of no tenant's, to make the log long. */
function fillerEvents(count: number) {
  return Array.from({ length: count }, () => ({
    id: randomUUID(), type: 'FillerRecorded', data: {},
    metadata: { tenantId: 'nobody', actor: 'test', correlationId: randomUUID(), causationId: randomUUID(), requestId: randomUUID(), schemaVersion: 1, occurredAt: new Date().toISOString() },
  }));
}
