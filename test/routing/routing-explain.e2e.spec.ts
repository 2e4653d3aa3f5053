import { startTestApp, type TestApp } from '@shipledger/testing';
import { shipmentClient, shipmentRequest } from '../shipping/support/shipment-requests';
import { expectShippingError } from '../shipping/support/expect-error';

/** POST /automation-rulesets/evaluate and /{id}/backtest: dry runs that write nothing. */
describe('routing dry runs over HTTPS', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  async function setUp() {
    const tenant = await app.createTenant();
    const api = shipmentClient(app, tenant);
    const accounts: string[] = [];
    for (const property of [{}, { RATE_DOMESTIC_BASE: '1' }]) {
      accounts.push((await api.call('POST', '/carrier-accounts', { carrier_account_name: `S${accounts.length}`, carrier: 'SANDBOX', property, status: 'active' })).body.carrier_account_id);
    }
    return { tenant, api, accounts, merchant: tenant.merchants[0]! };
  }

  it('evaluate: a body or a stored shipment → the rule, the account and every rule\'s verdict; nothing appended', async () => {
    const { api, accounts, merchant } = await setUp();
    const set = (await api.call('POST', '/automation-rulesets', { automation_rule_set: { name: 'R' }, automation_rules: [
      { rule_name: 'standard', carrier_accounts: [{ carrier_account_id: accounts[0] }], delivery_type: { operator: 'INCLUSION', value: ['STANDARD'] } },
      { rule_name: 'cheapest', carrier_choice: 'CHEAPEST_CARRIER', carrier_accounts: [{ carrier_account_id: accounts[0] }, { carrier_account_id: accounts[1] }] },
    ] })).body;
    const body = shipmentRequest(merchant, { delivery: { delivery_type: 'EXPRESS' } });
    const head = await app.eventStore.headPosition();
    const answer = await api.call('POST', '/automation-rulesets/evaluate', { shipment: body });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      outcome: 'routed', rulesets: [set.automation_rule_set.rule_set_id],
      evaluations: [
        { rule_name: 'standard', matched: false, conditions: [{ condition: 'delivery_type', matched: false, reason: 'delivery_type EXPRESS is not in [STANDARD]' }] },
        { rule_name: 'cheapest', matched: true, conditions: [] },
      ],
      chosen: { rule_name: 'cheapest', carrier_account_id: accounts[1], carrier_account_ids: [accounts[1], accounts[0]], carrier_choice: 'CHEAPEST_CARRIER' },
    });
    expect(answer.body.chosen.prices).toHaveLength(2);
    expect(await app.eventStore.headPosition()).toBe(head);

    const draft = await api.create({ ...body, delivery: { delivery_type: 'STANDARD' } }, '?draft=true');
    const byId = await api.call('POST', '/automation-rulesets/evaluate', { shipment_id: draft.body.shipment_id });
    expect(byId.body).toMatchObject({ shipment_id: draft.body.shipment_id, chosen: { rule_name: 'standard', carrier_account_id: accounts[0] } });
    expectShippingError(await api.call('POST', '/automation-rulesets/evaluate', {}), 400, 'shipment : exactly one of shipment and shipment_id is required');
    expectShippingError(await api.call('POST', '/automation-rulesets/evaluate', { shipment_id: 'nope' }), 404, 'No shipment found with the shipment id: nope');
  });

  it('evaluate with no ACTIVE ruleset says so (booking keeps the oldest active account)', async () => {
    const { api, merchant } = await setUp();
    const answer = await api.call('POST', '/automation-rulesets/evaluate', { shipment: shipmentRequest(merchant) });
    expect(answer.body).toMatchObject({ outcome: 'not_configured', evaluations: [] });
  });

  it('backtest: the tenant\'s past shipments through a draft ruleset → how many change, old → new, a sample', async () => {
    const { api, accounts, merchant } = await setUp();
    const from = new Date(Date.now() - 60_000).toISOString();
    const created: string[] = [];
    for (const type of ['EXPRESS', 'EXPRESS', 'STANDARD']) {
      created.push((await api.create(shipmentRequest(merchant, { delivery: { delivery_type: type } }))).body.shipment_id);
    }
    await app.waitUntilCaughtUp();
    const draft = (await api.call('POST', '/automation-rulesets', { automation_rule_set: { name: 'draft', status: 'INACTIVE' }, automation_rules: [
      { rule_name: 'express to 1', carrier_accounts: [{ carrier_account_id: accounts[1] }], delivery_type: { operator: 'INCLUSION', value: ['EXPRESS'] } },
    ] })).body;
    const id = draft.automation_rule_set.rule_set_id;
    const to = new Date(Date.now() + 60_000).toISOString();
    const answer = await api.call('POST', `/automation-rulesets/${id}/backtest`, { from, to, sample_size: 1 });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      rule_set_id: id, shipments: 3, truncated: false, changed: 3, unchanged: 0, unmatched: 1, routed_by_ruleset: 2, cheapest_carrier: 0,
      changes: [
        { from_carrier_account_id: accounts[0], to_carrier_account_id: accounts[1], count: 2 },
        { from_carrier_account_id: accounts[0], to_carrier_account_id: null, count: 1 },
      ],
      sample: [{ shipment_id: created[0], from_carrier_account_id: accounts[0], to_carrier_account_id: accounts[1], rule_set_id: id }],
    });
    expect((await api.call('GET', `/automation-rulesets/${id}`)).body.automation_rule_set.status).toBe('INACTIVE');
    expectShippingError(await api.call('POST', `/automation-rulesets/${id}/backtest`, { from: to, to: from }), 400, 'to : must be after from and at most 366 days after it');
    expect((await api.call('POST', `/automation-rulesets/${id}/backtest`, { from: 'yesterday', to })).status).toBe(400);
  });
});
