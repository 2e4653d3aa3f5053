import { DELIVERY_LIMITS } from '@shipledger/webhooks';
import { outboxRows, webhookHarness, type WebhookHarness } from './support/webhook-harness';

const CAP = DELIVERY_LIMITS.tenantInFlight;
const ROWS = 2 * CAP + 8;

describe.each([['PGlite', false], ['Postgres', true]])(`webhook deliveries: one tenant holds at most ${CAP} of a worker's ${DELIVERY_LIMITS.senderConcurrency} slots (%s)`, (_name, postgres) => {
  let h: WebhookHarness;
  beforeAll(async () => {
    h = await webhookHarness({ postgres });
  });
  afterAll(async () => {
    h?.receiver.releaseHanging();
    await h?.close();
  });

  it('a tenant whose receiver hangs gets its cap of the sender\'s slots; another tenant\'s delivery, queued after all of its, goes out at once', async () => {
    // Given a worker with more slots than the cap, and tenant A, whose receiver takes every call and never
    // answers, with more deliveries due than twice the cap
    expect(DELIVERY_LIMITS.senderConcurrency).toBeGreaterThan(CAP);
    h.receiver.answer = (request) => (request.path === '/hangs' ? 'hang' : { status: 200, body: 'ok' });
    const hanging = await h.configure('/hangs');
    expect(await h.context.deliveries.enqueue(outboxRows(h.tenant.tenantId, hanging.config_id, ROWS), h.clock.now())).toBe(ROWS);
    h.context.sender.wake();
    await h.receiver.waitFor((all) => all.filter((r) => r.path === '/hangs').length >= CAP || undefined);
    await new Promise((resolve) => setTimeout(resolve, 500)); // time for more claims, if any were to come
    // Then only the cap of them are in flight, not as many as the sender has slots
    expect(h.receiver.at('/hangs').length).toBe(CAP);
    // And another worker claims none of A's while A holds its cap
    expect(await h.context.newSender().sendDue()).toBe(0);

    // When tenant B, with a receiver that answers, gets one delivery due after all of A's
    const other = await h.app.createTenant({ merchants: ['SHOP-OTHER'] });
    const answers = await h.configure('/answers', {}, other);
    expect(await h.context.deliveries.enqueue(outboxRows(other.tenantId, answers.config_id, 1), h.clock.now())).toBe(1);
    h.context.sender.wake();

    // Then it arrives while A's calls still hang (without the cap it waited for their 30 s timeout)
    const arrived = await h.receiver.waitFor((all) => all.filter((r) => r.path === '/answers').length === 1 || undefined, 5_000);
    expect(arrived).toBe(true);
    expect(h.receiver.at('/hangs').length).toBe(CAP);
    const log = await h.app.http.request('GET', `/webhooks/${answers.config_id}/deliveries?page_size=10`, { headers: other.headers });
    expect(log.status).toBe(200);

    // When A's hanging calls finally fail (their retries are minutes away)
    h.receiver.releaseHanging();
    h.context.sender.wake();
    // Then A's slots are free again and the next of its deliveries go out, again its cap at a time
    await h.receiver.waitFor((all) => all.filter((r) => r.path === '/hangs').length >= 2 * CAP || undefined);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(h.receiver.at('/hangs').length).toBe(2 * CAP);
    expect(new Set(h.receiver.at('/hangs').map((r) => r.headers['event-id'])).size).toBe(2 * CAP);
  }, 60_000);

  it('a worker configured for fewer (perTenant) claims that many of one tenant, and still the others\' due deliveries beside them', async () => {
    // Given two more tenants with deliveries due in an hour (so the running worker leaves them alone): one
    // with 10, one with 2, nothing else pending
    h.receiver.answer = () => ({ status: 200, body: 'ok' });
    const [busy, small] = await Promise.all([h.app.createTenant({ merchants: ['SHOP-BUSY'] }), h.app.createTenant({ merchants: ['SHOP-SMALL'] })]);
    const db = await h.context.deliveries.db();
    await db.updateTable('deliveries').set({ status: 'cancelled', next_attempt_at: null }).where('status', '=', 'pending').execute();
    const later = new Date(h.clock.now().getTime() + 3_600_000);
    await h.context.deliveries.enqueue(outboxRows(busy.tenantId, (await h.configure('/busy', {}, busy)).config_id, 10), later);
    await h.context.deliveries.enqueue(outboxRows(small.tenantId, (await h.configure('/small', {}, small)).config_id, 2), later);
    // When, an hour on, a sender allowed 3 per tenant claims with 16 free slots
    const { deliveries: claimed } = await h.context.deliveries.claimDue(later, 16, 60_000, 3);
    // Then it took 3 of the busy tenant's and both of the small one's
    const byTenant = (tenantId: string) => claimed.filter((delivery) => delivery.tenant_id === tenantId).length;
    expect([byTenant(busy.tenantId), byTenant(small.tenantId), claimed.length]).toEqual([3, 2, 5]);
    // And a second claim gets nothing more of either while those are in flight
    expect((await h.context.deliveries.claimDue(later, 16, 60_000, 3)).deliveries).toEqual([]);
  }, 60_000);

  it('claims racing from many workers never put more than the cap of one tenant in flight', async () => {
    // Given a tenant with 20 deliveries due in an hour, and nothing else pending
    const racing = await h.app.createTenant({ merchants: ['SHOP-RACING'] });
    const db = await h.context.deliveries.db();
    await db.updateTable('deliveries').set({ status: 'cancelled', next_attempt_at: null }).where('status', '=', 'pending').execute();
    const later = new Date(h.clock.now().getTime() + 3_600_000);
    await h.context.deliveries.enqueue(outboxRows(racing.tenantId, (await h.configure('/racing', {}, racing)).config_id, 20), later);
    for (let round = 0; round < 5; round += 1) {
      // When eight workers claim at the same instant, each allowed 3 of a tenant
      const claims = await Promise.all(Array.from({ length: 8 }, () => h.context.deliveries.claimDue(later, 16, 60_000, 3)));
      // Then 3 are claimed in all, each by one worker (without the claims taking turns, each saw none in
      // flight and took 3)
      const claimed = claims.flatMap((claim) => claim.deliveries.map((delivery) => delivery.delivery_id));
      expect(claimed).toHaveLength(3);
      expect(new Set(claimed).size).toBe(3);
      // And once they are let go, the next round starts from none in flight
      await db.updateTable('deliveries').set({ claim_token: null, claimed_until: null }).where('delivery_id', 'in', claimed).execute();
    }
  }, 60_000);

  it('a claim looks at a window of tenants, and the next claims at the next ones, round to the first: every tenant is served', async () => {
    // Given five tenants with two deliveries each due in an hour, and nothing else pending
    h.receiver.answer = () => ({ status: 200, body: 'ok' });
    const db = await h.context.deliveries.db();
    await db.updateTable('deliveries').set({ status: 'cancelled', next_attempt_at: null }).where('status', '=', 'pending').execute();
    const later = new Date(h.clock.now().getTime() + 3_600_000);
    const tenants: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      const tenant = await h.app.createTenant({ merchants: [`SHOP-W${index}`] });
      await h.context.deliveries.enqueue(outboxRows(tenant.tenantId, (await h.configure(`/window-${index}`, {}, tenant)).config_id, 2), later);
      tenants.push(tenant.tenantId);
    }
    const inOrder = [...tenants].sort();

    // When claims with room for everything look at two tenants at a time, each starting where the last stopped
    let window = { after: '', size: 2 };
    const served: string[][] = [];
    for (let claimNo = 0; claimNo < 3; claimNo += 1) {
      const claim = await h.context.deliveries.claimDue(later, 32, 60_000, 16, window);
      served.push([...new Set(claim.deliveries.map((delivery) => delivery.tenant_id))].sort());
      expect(claim.deliveries).toHaveLength(2 * served[claimNo]!.length);
      window = { ...window, after: claim.nextAfter };
    }

    // Then each claim took the deliveries of its two tenants only (without the window, the first took all
    // ten), the third went round past the last tenant to the first, and every tenant was served once
    expect(served).toEqual([inOrder.slice(0, 2), inOrder.slice(2, 4), inOrder.slice(4)]);
    expect(window.after).toBe(inOrder[0]);
  }, 60_000);
});
