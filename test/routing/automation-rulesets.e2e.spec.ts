import { startTestApp, type TestApp, type TestTenant } from '@shipledger/testing';
import { expectShippingError } from '../shipping/support/expect-error';
import { configurationClient, type ConfigurationClient } from '../configuration/support/configuration-client';

const ruleset = (overrides: Record<string, unknown> = {}) => ({ name: 'UAE', entity_type: 'FORWARD', merchants: ['SHOP-A'], countries: ['ae'], ...overrides });
const rule = (name: string, overrides: Record<string, unknown> = {}) => ({
  rule_name: name, carrier_accounts: [{ carrier_account_id: 'acc-1' }], delivery_type: { operator: 'INCLUSION', value: ['EXPRESS'] }, ...overrides,
});

describe('/automation-rulesets over HTTPS', () => {
  let app: TestApp;
  let tenant: TestTenant;
  let api: ConfigurationClient;

  beforeAll(async () => {
    app = await startTestApp();
    tenant = await app.createTenant({ merchants: ['SHOP-A', 'SHOP-B'] });
    api = configurationClient(app, tenant);
  });
  afterAll(() => app?.close());

  const create = (body: unknown) => api.create('/automation-rulesets', body);

  it('POST answers 201 {automation_rule_set, automation_rules} with ids, defaults and sequences; GET answers the same', async () => {
    const created = await create({ automation_rule_set: ruleset(), automation_rules: [rule('first'), rule('second', { sequence: 10 })] });
    expect(created).toEqual({
      automation_rule_set: {
        rule_set_id: expect.any(String), name: 'UAE', entity_type: 'FORWARD', merchants: ['SHOP-A'], countries: ['AE'], status: 'ACTIVE',
        created_at: expect.any(String), updated_at: expect.any(String),
      },
      automation_rules: [
        { rule_id: expect.any(String), sequence: 1, status: 'ACTIVE', ...rule('first') },
        { rule_id: expect.any(String), sequence: 10, status: 'ACTIVE', ...rule('second') },
      ],
    });
    const got = await api.call('GET', `/automation-rulesets/${created.automation_rule_set.rule_set_id}`);
    expect(got.body).toEqual(created);
  });

  it('merchants and countries default to ["_ANY"]; GET ?merchant= lists the rulesets applying to it, ?entity-type= filters', async () => {
    const other = await app.createTenant({ merchants: ['M1', 'M2'] });
    const otherApi = configurationClient(app, other);
    const any = await otherApi.create('/automation-rulesets', { automation_rule_set: { name: 'all' } });
    expect(any.automation_rule_set).toMatchObject({ merchants: ['_ANY'], countries: ['_ANY'], entity_type: 'FORWARD' });
    const m2 = await otherApi.create('/automation-rulesets', { automation_rule_set: { name: 'm2', merchants: ['M2'], entity_type: 'REVERSE' } });
    const ids = async (query: string) => (await otherApi.call('GET', `/automation-rulesets${query}`)).body.map((r: any) => r.automation_rule_set.rule_set_id);
    expect(await ids('')).toEqual([any.automation_rule_set.rule_set_id, m2.automation_rule_set.rule_set_id]);
    expect(await ids('?merchant=M1')).toEqual([any.automation_rule_set.rule_set_id]);
    expect(await ids('?entity-type=REVERSE')).toEqual([m2.automation_rule_set.rule_set_id]);
    expectShippingError(await otherApi.call('GET', '/automation-rulesets?entity-type=SIDEWAYS'), 400, 'entity-type : must be FORWARD or REVERSE');
  });

  it('PUT updates the rules too; PATCH changes the ruleset only; DELETE removes the rules it contains', async () => {
    const created = await create({ automation_rule_set: ruleset(), automation_rules: [rule('keep'), rule('drop')] });
    const id = created.automation_rule_set.rule_set_id;
    const [keep] = created.automation_rules;
    const put = await api.call('PUT', `/automation-rulesets/${id}`, {
      automation_rule_set: ruleset({ name: 'renamed' }), automation_rules: [{ ...keep, rule_name: 'kept' }, rule('added')],
    });
    expect(put.status).toBe(200);
    expect(put.body.automation_rule_set.name).toBe('renamed');
    expect(put.body.automation_rules.map((r: any) => [r.rule_name, r.sequence])).toEqual([['kept', 1], ['added', 2]]);
    expect(put.body.automation_rules[0].rule_id).toBe(keep.rule_id);

    const patched = await api.call('PATCH', `/automation-rulesets/${id}`, { automation_rule_set: { status: 'INACTIVE' } });
    expect(patched.body.automation_rule_set).toMatchObject({ name: 'renamed', status: 'INACTIVE' });
    expect(patched.body.automation_rules).toEqual(put.body.automation_rules);

    const deleted = await api.call('DELETE', `/automation-rulesets/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.automation_rule_set.status).toBe('DELETED');
    expect(deleted.body.automation_rules.map((r: any) => r.status)).toEqual(['DELETED', 'DELETED']);
    expect((await api.call('GET', `/automation-rulesets/${id}`)).body.automation_rules).toEqual([]);
    expect((await api.call('GET', `/automation-rulesets/${id}/rules/${keep.rule_id}`)).status).toBe(404);
    expectShippingError(await api.call('PATCH', `/automation-rulesets/${id}`, { status: 'ACTIVE' }), 400, `The automation ruleset ${id} is deleted.`);
    expect((await api.call('GET', '/automation-rulesets')).body.map((r: any) => r.automation_rule_set.rule_set_id)).not.toContain(id);
  });

  it('rules: POST adds, GET/PUT/DELETE one, PATCH …/rules/sequences reorders', async () => {
    const created = await create({ automation_rule_set: ruleset() });
    const id = created.automation_rule_set.rule_set_id;
    const added = await api.call('POST', `/automation-rulesets/${id}/rules`, rule('a'));
    expect(added.status).toBe(201);
    const withB = await api.create(`/automation-rulesets/${id}/rules`, rule('b', { carrier_choice: 'CHEAPEST_CARRIER' }));
    const [a, b] = withB.automation_rules;
    expect((await api.call('GET', `/automation-rulesets/${id}/rules/${b.rule_id}`)).body).toEqual(b);
    const replaced = await api.call('PUT', `/automation-rulesets/${id}/rules/${a.rule_id}`, rule('a2', { dangerous_goods: true }));
    expect(replaced.body).toEqual({ ...rule('a2', { dangerous_goods: true }), rule_id: a.rule_id, sequence: a.sequence, status: 'ACTIVE' });
    const resequenced = await api.call('PATCH', `/automation-rulesets/${id}/rules/sequences`, [{ rule_id: b.rule_id, sequence: 0 }]);
    expect(resequenced.status).toBe(200);
    expect(resequenced.body.automation_rules.map((r: any) => r.rule_id)).toEqual([b.rule_id, a.rule_id]);
    const removed = await api.call('DELETE', `/automation-rulesets/${id}/rules/${a.rule_id}`);
    expect(removed.body).toMatchObject({ rule_id: a.rule_id, status: 'DELETED' });
    expect((await api.call('GET', `/automation-rulesets/${id}`)).body.automation_rules.map((r: any) => r.rule_id)).toEqual([b.rule_id]);
    expectShippingError(await api.call('PATCH', `/automation-rulesets/${id}/rules/sequences`, [{ rule_id: 'nope', sequence: 1 }]), 404, `No rule nope in the automation ruleset ${id}`);
  });

  it('bad bodies answer 400 naming each bad field and write nothing', async () => {
    const before = (await api.call('GET', '/automation-rulesets')).body.length;
    const bad = await api.call('POST', '/automation-rulesets', {
      automation_rule_set: { name: '', countries: ['ARE'], status: 'GONE' },
      automation_rules: [{ rule_name: 'x', delivery_type: { operator: 'MAYBE', value: 'EXPRESS' }, days: ['FUNDAY'], start_time: '25:00' }],
    });
    expect(bad.status).toBe(400);
    const text = bad.body.errors.join('\n');
    for (const field of ['automation_rule_set.name', 'automation_rule_set.countries', 'automation_rule_set.status', 'automation_rules.0.delivery_type.operator',
      'automation_rules.0.delivery_type.value', 'automation_rules.0.days', 'automation_rules.0.start_time']) expect(text).toContain(field);
    expectShippingError(await api.call('POST', '/automation-rulesets', { automation_rule_set: { name: 'x', merchants: ['NOPE'] } }), 400, 'merchants : unknown merchant NOPE');
    expect((await api.call('PATCH', '/automation-rulesets/x/rules/sequences', { rule_id: 'a' })).status).toBe(400);
    expect((await api.call('GET', '/automation-rulesets')).body.length).toBe(before);
    expectShippingError(await api.call('GET', '/automation-rulesets/unknown-id'), 404, 'No automation ruleset found with the id: unknown-id');
  });

  it('racing: a rule added while the ruleset is deleted either lands before the delete or is refused', async () => {
    const created = await create({ automation_rule_set: ruleset() });
    const id = created.automation_rule_set.rule_set_id;
    const [added, deleted] = await Promise.all([
      api.call('POST', `/automation-rulesets/${id}/rules`, rule('late')),
      api.call('DELETE', `/automation-rulesets/${id}`),
    ]);
    expect(deleted.status).toBe(200);
    if (added.status === 201) expect(deleted.body.automation_rules.map((r: any) => r.rule_name)).toEqual(['late']);
    else expectShippingError(added, 400, `The automation ruleset ${id} is deleted.`);
  });
});
