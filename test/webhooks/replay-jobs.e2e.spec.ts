import { randomUUID } from 'node:crypto';
import { DeliveryRetention } from '@shipledger/webhooks';
import { webhookHarness, type WebhookHarness } from './support/webhook-harness';

const YEAR_MS = 365 * 24 * 3_600_000;

describe.each([['PGlite', false], ['Postgres', true]])('range replays: at most five open per tenant, purged after the retention (%s)', (_name, postgres) => {
  let h: WebhookHarness;
  beforeAll(async () => {
    h = await webhookHarness({ postgres });
  });
  afterAll(() => h?.close());

  const call = (method: string, path: string, body?: unknown) => h.app.http.request(method, path, { headers: h.tenant.headers, body });
  const range = () => ({ from: new Date(h.clock.now().getTime() - 3_600_000).toISOString(), to: h.clock.now().toISOString() });

  /**
   * A job as the worker leaves it: running under a lease that outlives the test (so no runner takes it; its
   * claim token is its id), or finished now.
   */
  async function storedJob(configId: string, state: 'running' | 'done' | 'failed', tenantId = h.tenant.tenantId): Promise<string> {
    const db = await h.context.deliveries.db();
    const now = h.clock.now();
    const replayId = randomUUID();
    await db.insertInto('replay_jobs').values({
      replay_id: replayId, tenant_id: tenantId, config_id: configId, range_from: new Date(now.getTime() - 3_600_000), range_to: now,
      status: state, created_at: now, claimed_until: state === 'running' ? new Date(now.getTime() + 10 * YEAR_MS) : null,
      claim_token: state === 'running' ? replayId : null,
      finished_at: state === 'running' ? null : now,
    }).execute();
    return replayId;
  }

  async function jobsOf(tenantId: string) {
    const db = await h.context.deliveries.db();
    return db.selectFrom('replay_jobs').select(['replay_id', 'status']).where('tenant_id', '=', tenantId).execute();
  }

  async function finishedJobs() {
    const db = await h.context.deliveries.db();
    return db.selectFrom('replay_jobs').select('replay_id').where('status', 'in', ['done', 'failed']).execute();
  }

  it('a sixth open range replay answers 429 with Retry-After and queues nothing; once one has finished, the next is queued', async () => {
    // Given a tenant whose five range replays are still running
    const config = await h.configure('/ranges');
    const running = [];
    for (let index = 0; index < 5; index += 1) running.push(await storedJob(config.config_id, 'running'));
    const before = await jobsOf(h.tenant.tenantId);

    // When it asks for one more
    const refused = await call('POST', `/webhooks/${config.config_id}/replay`, range());

    // Then the answer is 429, says why and when to retry, and no job was written
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.text).toContain('5 time-range replays of this account are queued or running');
    expect(await jobsOf(h.tenant.tenantId)).toEqual(before);
    // And replays that run on the request (one shipment, one delivery) are not held back by it
    const oneShipment = await call('POST', `/webhooks/${config.config_id}/replay`, { shipment_id: 'no-such-shipment' });
    expect(oneShipment.status).toBe(404);

    // When one of the five finishes, and it asks again
    await h.context.replayJobs.finish({ replay_id: running[0]!, claim_token: running[0]! }, 'done', h.clock.now());
    const accepted = await call('POST', `/webhooks/${config.config_id}/replay`, range());

    // Then the range replay is queued
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({ mode: 'range', status: 'queued', enqueued: 0 });
    // And the worker runs it to its end
    const job = await h.until('the range replay done', async () => {
      const response = await call('GET', `/webhooks/${config.config_id}/replays/${accepted.body.replay_id}`);
      return response.body.status === 'done' ? response.body : undefined;
    });
    expect(job).toMatchObject({ replay_id: accepted.body.replay_id, status: 'done' });
  }, 60_000);

  it('racing creates of one tenant never open more than five; another tenant is not counted', async () => {
    // Given a tenant with no open range replay, and another with five
    const tenant = `race-${randomUUID()}`;
    const other = `other-${randomUUID()}`;
    for (let index = 0; index < 5; index += 1) await storedJob('config', 'running', other);

    // When twelve range replays of the first tenant are created at once
    const created = await Promise.all(Array.from({ length: 12 }, () => h.context.replayJobs.createUnlessFull(
      { replay_id: randomUUID(), tenant_id: tenant, config_id: 'config', ...range() }, h.clock.now(), 5)));

    // Then exactly five were queued, and they are the five stored
    const queued = created.filter((job) => job !== undefined);
    expect(queued).toHaveLength(5);
    expect((await jobsOf(tenant)).map((job) => job.replay_id).sort()).toEqual(queued.map((job) => job!.replay_id).sort());
  }, 60_000);

  it('range replays that finished before the retention are purged, with the deliveries; open and recent ones stay', async () => {
    // Given a replay that finished, one that failed and one still running, then 31 days passing, then one more finished
    const config = await h.configure('/purged-ranges');
    const done = await storedJob(config.config_id, 'done');
    const failed = await storedJob(config.config_id, 'failed');
    const open = await storedJob(config.config_id, 'running');
    const finishedSoFar = (await finishedJobs()).length; // these two, and those the earlier tests finished
    h.clock.advanceMinutes(31 * 24 * 60);
    const recent = await storedJob(config.config_id, 'done');
    expect((await call('GET', `/webhooks/${config.config_id}/replays/${done}`)).status).toBe(200);

    // When the purge runs with the configured retention (30 days), one row per statement
    const retention = new DeliveryRetention(h.context.deliveries, h.context.replayJobs, h.clock, { retentionDays: h.context.config.deliveryRetentionDays, batchSize: 1 });
    const purged = await retention.purge();

    // Then every replay that had finished 31 days before is gone (these two among them), and asking for one answers 404
    expect(purged.replays).toBe(finishedSoFar);
    expect((await finishedJobs()).map((job) => job.replay_id)).toEqual([recent]);
    const gone = await call('GET', `/webhooks/${config.config_id}/replays/${done}`);
    expect(gone.status).toBe(404);
    expect((await call('GET', `/webhooks/${config.config_id}/replays/${failed}`)).status).toBe(404);
    // And the running one stays, however old, and so does the recent one
    expect((await call('GET', `/webhooks/${config.config_id}/replays/${open}`)).body).toMatchObject({ replay_id: open, status: 'running' });
    expect((await call('GET', `/webhooks/${config.config_id}/replays/${recent}`)).body).toMatchObject({ replay_id: recent, status: 'done' });
    // And a second pass finds nothing
    expect((await retention.purge()).replays).toBe(0);
  }, 60_000);
});
