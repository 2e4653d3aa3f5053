import { randomUUID } from 'node:crypto';
// A suite may use a context's internals directly (contexts may not).
import { ActiveConfigurations } from '../../libs/webhooks/src/application/deliveries/active-configurations';
import { webhookHarness, type WebhookHarness } from './support/webhook-harness';

describe('webhook deliveries: the ACTIVE configurations an event meets, read once per run of events', () => {
  let h: WebhookHarness;
  beforeAll(async () => { h = await webhookHarness(); });
  afterAll(async () => { await h.close(); });

  const head = () => h.app.eventStore.headPosition();

  /** Appends an event of another tenant and answers its position (the store's head moves on). */
  const appendSomething = async () => {
    const metadata = { tenantId: 'elsewhere', actor: 'test', correlationId: 'c', causationId: 'c', requestId: 'r', schemaVersion: 1, occurredAt: new Date().toISOString() };
    await h.app.eventStore.append(`test-${randomUUID()}`, [{ id: randomUUID(), type: 'Noted', data: {}, metadata }], 'no_stream');
    return (await h.app.eventStore.headPosition())!;
  };

  it('serves every event appended before its read from one read, and reads again for the first event after it', async () => {
    // Given a tenant with one ACTIVE configuration, and an event in the store
    const first = await h.configure('/first');
    const early = { position: await appendSomething() };
    const reads = jest.spyOn(h.context.repository, 'list');
    const active = new ActiveConfigurations(h.context.repository, head);

    // When two events at or before that position ask
    const forEarly = await active.for(h.tenant.tenantId, early);
    const again = await active.for(h.tenant.tenantId, early);
    // Then one read answered both, with the configuration
    expect(reads).toHaveBeenCalledTimes(1);
    expect(forEarly.map((c) => c.config_id)).toEqual([first.config_id]);
    expect(again).toBe(forEarly);

    // Given a second configuration created and then an event appended after it
    const second = await h.configure('/second');
    const late = { position: await appendSomething() };
    // When the earlier event asks again: the list read after it was appended still serves it
    expect(await active.for(h.tenant.tenantId, early)).toBe(forEarly);
    expect(reads).toHaveBeenCalledTimes(1);
    // And when the later event asks: it is past what the list covers, so it is read again, with both
    const forLate = await active.for(h.tenant.tenantId, late);
    expect(reads).toHaveBeenCalledTimes(2);
    expect(forLate.map((c) => c.config_id).sort()).toEqual([first.config_id, second.config_id].sort());
    reads.mockRestore();
  });

  it('lets events handed over before a read starts join it, whatever their positions', async () => {
    // Given a tenant with a configuration, and two events appended one after the other
    await h.configure('/joined');
    const earlier = { position: await appendSomething() };
    const later = { position: await appendSomething() };
    const reads = jest.spyOn(h.context.repository, 'list');
    const active = new ActiveConfigurations(h.context.repository, head);
    // When both ask at once, the earlier one first
    const [a, b] = await Promise.all([active.for(h.tenant.tenantId, earlier), active.for(h.tenant.tenantId, later)]);
    // Then one read answered both
    expect(reads).toHaveBeenCalledTimes(1);
    expect(b).toBe(a);
    reads.mockRestore();
  });

  it('covers every event already in the store when its read starts, handed over or not: a reactor behind catches up on one read', async () => {
    // Given a tenant with a configuration, and a backlog of events the reactor has not reached
    const backlogged = await h.configure('/backlog');
    const backlog = [await appendSomething(), await appendSomething(), await appendSomething()];
    const reads = jest.spyOn(h.context.repository, 'list');
    const active = new ActiveConfigurations(h.context.repository, head);
    // When the first of them asks, and then, one by one after its read, the others
    const forFirst = await active.for(h.tenant.tenantId, { position: backlog[0]! });
    const forOthers = [];
    for (const position of backlog.slice(1)) forOthers.push(await active.for(h.tenant.tenantId, { position }));
    // Then the first read served them all: they were in the store before it
    expect(reads).toHaveBeenCalledTimes(1);
    for (const list of forOthers) expect(list).toBe(forFirst);
    expect(forFirst.map((c) => c.config_id)).toContain(backlogged.config_id);

    // And an event appended after that read is past it: read again
    await active.for(h.tenant.tenantId, { position: await appendSomething() });
    expect(reads).toHaveBeenCalledTimes(2);
    reads.mockRestore();
  });

  it('keeps no failed read: the next event reads again', async () => {
    // Given a tenant with a configuration, and a list read that fails
    await h.configure('/third');
    const position = await appendSomething();
    const active = new ActiveConfigurations(h.context.repository, head);
    const reads = jest.spyOn(h.context.repository, 'list').mockRejectedValueOnce(new Error('connection lost'));
    // When an event asks, then another at the same position
    await expect(active.for(h.tenant.tenantId, { position })).rejects.toThrow('connection lost');
    const retried = await active.for(h.tenant.tenantId, { position });
    // Then the second one read again and got the list
    expect(reads).toHaveBeenCalledTimes(2);
    expect(retried.length).toBeGreaterThan(0);
    reads.mockRestore();
  });
});
