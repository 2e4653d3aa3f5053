import { startTestApp, type TestApp, type TestTenant } from '@shipledger/testing';
import { expectShippingError } from '../shipping/support/expect-error';
import { configurationClient, type ConfigurationClient } from '../configuration/support/configuration-client';

const PATH = '/service-level-rulesets';
const ruleset = (overrides: Record<string, unknown> = {}) => ({ name: 'UAE promise', merchants: ['SHOP-A'], countries: ['ae'], ...overrides });
const rule = (name: string, overrides: Record<string, unknown> = {}) => ({
  rule_name: name, config_type: 'PROMISED', sla: { duration: { days: 2 }, time_zone: 'Asia/Dubai', eta_time: '20:00' }, ...overrides,
});

describe('/service-level-rulesets over HTTPS: the automation paths with SLA rules', () => {
  let app: TestApp;
  let tenant: TestTenant;
  let api: ConfigurationClient;

  beforeAll(async () => {
    app = await startTestApp({ worker: false });
    tenant = await app.createTenant({ merchants: ['SHOP-A', 'SHOP-B'] });
    api = configurationClient(app, tenant);
  });
  afterAll(() => app?.close());

  const create = (body: unknown) => api.create(PATH, body);

  it('POST answers 201 {service_level_rule_set, service_level_rules}; GET one and the list answer the same', async () => {
    const delivery = rule('next day', { config_type: 'DELIVERY', sla: { duration: { days: 1 }, cutoff_times: [{ day: 'MONDAY', time: '14:00' }], blackout_dates: ['2026-12-02'] } });
    const created = await create({ service_level_rule_set: ruleset(), service_level_rules: [rule('promise'), delivery] });
    expect(created).toEqual({
      service_level_rule_set: {
        rule_set_id: expect.any(String), name: 'UAE promise', entity_type: 'FORWARD', merchants: ['SHOP-A'], countries: ['AE'], status: 'ACTIVE',
        created_at: expect.any(String), updated_at: expect.any(String),
      },
      service_level_rules: [
        { rule_id: expect.any(String), sequence: 1, status: 'ACTIVE', ...rule('promise') },
        { rule_id: expect.any(String), sequence: 2, status: 'ACTIVE', ...delivery },
      ],
    });
    const id = created.service_level_rule_set.rule_set_id;
    expect((await api.call('GET', `${PATH}/${id}`)).body).toEqual(created);
    expect((await api.call('GET', `${PATH}?merchant=SHOP-A`)).body).toContainEqual(created);
    expect((await api.call('GET', `${PATH}?merchant=SHOP-B`)).body.map((r: any) => r.service_level_rule_set.rule_set_id)).not.toContain(id);
  });

  it('PUT replaces the rules too, PATCH only the ruleset, DELETE removes the rules it contains', async () => {
    const created = await create({ service_level_rule_set: ruleset(), service_level_rules: [rule('keep'), rule('drop')] });
    const id = created.service_level_rule_set.rule_set_id;
    const [keep] = created.service_level_rules;
    const put = await api.call('PUT', `${PATH}/${id}`, { service_level_rule_set: ruleset({ name: 'renamed' }), service_level_rules: [{ ...keep, rule_name: 'kept' }, rule('added')] });
    expect(put.status).toBe(200);
    expect(put.body.service_level_rules.map((r: any) => [r.rule_id === keep.rule_id, r.rule_name])).toEqual([[true, 'kept'], [false, 'added']]);
    const patched = await api.call('PATCH', `${PATH}/${id}`, { service_level_rule_set: { status: 'INACTIVE' } });
    expect(patched.body.service_level_rule_set).toMatchObject({ name: 'renamed', status: 'INACTIVE' });
    expect(patched.body.service_level_rules).toEqual(put.body.service_level_rules);
    const deleted = await api.call('DELETE', `${PATH}/${id}`);
    expect(deleted.body.service_level_rule_set.status).toBe('DELETED');
    expect(deleted.body.service_level_rules.map((r: any) => r.status)).toEqual(['DELETED', 'DELETED']);
    expect((await api.call('GET', `${PATH}/${id}/rules/${keep.rule_id}`)).status).toBe(404);
  });

  it('rules: POST adds, GET/PUT/DELETE one, PATCH …/rules/sequences reorders', async () => {
    const id = (await create({ service_level_rule_set: ruleset() })).service_level_rule_set.rule_set_id;
    const added = await api.call('POST', `${PATH}/${id}/rules`, rule('first'));
    expect(added.status).toBe(201);
    const second = await api.call('POST', `${PATH}/${id}/rules`, rule('second', { config_type: 'FULFILLMENT', sla: { duration: { hours: 4 } } }));
    const [first, next] = second.body.service_level_rules;
    expect((await api.call('GET', `${PATH}/${id}/rules/${first.rule_id}`)).body).toEqual(first);
    const replaced = await api.call('PUT', `${PATH}/${id}/rules/${first.rule_id}`, rule('first again', { sla: { duration: { days: 3 } } }));
    expect(replaced.body).toMatchObject({ rule_id: first.rule_id, rule_name: 'first again', sequence: first.sequence, sla: { duration: { days: 3 } } });
    const reordered = await api.call('PATCH', `${PATH}/${id}/rules/sequences`, [{ rule_id: next.rule_id, sequence: 0 }]);
    expect(reordered.body.service_level_rules.map((r: any) => r.rule_name)).toEqual(['second', 'first again']);
    const removed = await api.call('DELETE', `${PATH}/${id}/rules/${next.rule_id}`);
    expect(removed.body).toMatchObject({ rule_id: next.rule_id, status: 'DELETED' });
    expect((await api.call('GET', `${PATH}/${id}`)).body.service_level_rules.map((r: any) => r.rule_name)).toEqual(['first again']);
  });

  it('an SLA the fields alone cannot refuse → 400 naming the field; nothing is written', async () => {
    const before = (await api.call('GET', PATH)).body.length;
    const bad = (sla: unknown) => api.call('POST', PATH, { service_level_rule_set: ruleset(), service_level_rules: [rule('bad', { sla })] });
    expectShippingError(await bad({ duration: { days: 1, hours: 2 } }), 400, 'service_level_rules[0].sla.duration : give days, or hours and minutes, not both');
    expectShippingError(await bad({ duration: { hours: 2 }, cutoff_times: [{ day: 'MONDAY', time: '14:00' }] }), 400, 'service_level_rules[0].sla.cutoff_times : applies to a duration in days');
    const zone = await bad({ duration: { days: 1 }, time_zone: 'Mars/Olympus' });
    expect(zone.status).toBe(400);
    expect(zone.body.errors.join()).toContain('time_zone');
    const id = (await create({ service_level_rule_set: ruleset() })).service_level_rule_set.rule_set_id;
    expectShippingError(await api.call('POST', `${PATH}/${id}/rules`, rule('x', { sla: { duration: {} } })), 400, 'body.sla.duration : give days, or hours and minutes');
    expect((await api.call('GET', `${PATH}/${id}`)).body.service_level_rules).toEqual([]);
    expect((await api.call('GET', PATH)).body.length).toBe(before + 1);
  });
});
