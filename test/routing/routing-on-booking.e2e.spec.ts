import { startTestApp, type TestApp, type TestTenant } from '@shipledger/testing';
import { shipmentClient, shipmentRequest, type ShipmentClient } from '../shipping/support/shipment-requests';

/** Routing when no carrier account is named: confirm, create, reprocess and reassign (docs/api/routing.md). */
describe('routing by automation rulesets over HTTPS', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  async function tenantWithAccounts(...cards: Array<Record<string, string>>): Promise<{ tenant: TestTenant; api: ShipmentClient; accounts: string[] }> {
    const tenant = await app.createTenant();
    const accounts: string[] = [];
    for (const [index, property] of cards.entries()) {
      const created = await app.http.request('POST', '/carrier-accounts', {
        headers: tenant.headers, body: { carrier_account_name: `Sandbox ${index}`, carrier: 'SANDBOX', property, status: 'active' },
      });
      accounts.push(created.body.carrier_account_id);
    }
    return { tenant, api: shipmentClient(app, tenant), accounts };
  }
  const ruleset = async (api: ShipmentClient, merchant: string, rules: unknown[]) => {
    const created = await api.call('POST', '/automation-rulesets', { automation_rule_set: { name: 'Main', merchants: [merchant], countries: ['AE'] }, automation_rules: rules });
    expect(created.status).toBe(201);
    return created.body;
  };
  const history = async (api: ShipmentClient, id: string, type: string) =>
    (await api.call('GET', `/shipments/${id}/history`)).body.find((entry: any) => entry.type === type);
  const express = (merchant: string) => shipmentRequest(merchant, { delivery: { delivery_type: 'EXPRESS' } });

  it('with no ruleset the tenant\'s oldest active account is taken, as before routing rules (no routing record)', async () => {
    const { tenant, api, accounts } = await tenantWithAccounts({}, {});
    const created = await api.create(express(tenant.merchants[0]!));
    expect(created.body.carrier_account.carrier_id).toBe(accounts[0]);
    expect((await history(api, created.body.shipment_id, 'ShipmentConfirmed')).change.routing).toBeUndefined();
  });

  it('confirm takes the first matching rule by sequence; the history names ruleset and rule and why earlier rules did not match', async () => {
    const { tenant, api, accounts } = await tenantWithAccounts({}, {});
    const merchant = tenant.merchants[0]!;
    const set = await ruleset(api, merchant, [
      { rule_name: 'to B when AE', sequence: 20, carrier_accounts: [{ carrier_account_id: accounts[1] }], dropoff_v2: { operator: 'INCLUSION', value: [{ country: 'AE' }] } },
      { rule_name: 'standard to A', sequence: 10, carrier_accounts: [{ carrier_account_id: accounts[0] }], delivery_type: { operator: 'INCLUSION', value: ['STANDARD'] } },
    ]);
    const draft = await api.create(express(merchant), '?draft=true');
    const confirmed = await api.call('POST', `/shipments/${draft.body.shipment_id}/confirm`, {});
    expect(confirmed.body).toMatchObject({ post_shipping_info: { status: 'pending' }, carrier_account: { carrier_id: accounts[1] } });
    // The response lists rules in evaluation order: 'standard to A' (sequence 10) first.
    const [second, first] = set.automation_rules;
    expect((await history(api, draft.body.shipment_id, 'ShipmentConfirmed')).change.routing).toEqual({
      rule_set_id: set.automation_rule_set.rule_set_id, rule_set_name: 'Main', rule_id: first.rule_id, rule_name: 'to B when AE',
      reason: 'rule to B when AE matched (AE/Dubai is within the places of [AE]); chose its account ' + accounts[1],
      not_matched: [{ rule_set_id: set.automation_rule_set.rule_set_id, rule_id: second.rule_id, rule_name: 'standard to A', reasons: ['delivery_type EXPRESS is not in [STANDARD]'] }],
    });
  });

  it('CHEAPEST_CARRIER: of several accounts the one whose rate card prices the shipment lowest', async () => {
    const { tenant, api, accounts } = await tenantWithAccounts({}, { RATE_DOMESTIC_BASE: '1', RATE_DOMESTIC_PER_KG: '0.5' });
    await ruleset(api, tenant.merchants[0]!, [{
      rule_name: 'cheapest', carrier_choice: 'CHEAPEST_CARRIER', carrier_accounts: [{ carrier_account_id: accounts[0] }, { carrier_account_id: accounts[1] }],
    }]);
    const created = await api.create(express(tenant.merchants[0]!));
    expect(created.body.carrier_account.carrier_id).toBe(accounts[1]);
    const routing = (await history(api, created.body.shipment_id, 'ShipmentConfirmed')).change.routing;
    expect(routing).toMatchObject({ carrier_choice: 'CHEAPEST_CARRIER', reason: expect.stringContaining(`CHEAPEST_CARRIER: ${accounts[1]} at 1.6 EUR`) });
  });

  it('no matching rule → status error no_carrier_assigned; once a rule matches, reprocess and reassign (no account) are routed', async () => {
    const { tenant, api, accounts } = await tenantWithAccounts({});
    const merchant = tenant.merchants[0]!;
    const set = await ruleset(api, merchant, [{ rule_name: 'standard only', carrier_accounts: [{ carrier_account_id: accounts[0] }], delivery_type: { operator: 'INCLUSION', value: ['STANDARD'] } }]);
    const first = await api.create(express(merchant));
    const second = await api.create(express(merchant));
    for (const created of [first, second]) {
      expect(created.body.post_shipping_info.status).toBe('error');
      expect(created.body.post_shipping_info.error_details).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'no_carrier_assigned' })]));
    }
    expect((await history(api, first.body.shipment_id, 'ShipmentValidationFailed')).change.routing).toEqual({
      reason: 'no active rule of Main matched',
      not_matched: [{ rule_set_id: set.automation_rule_set.rule_set_id, rule_id: set.automation_rules[0].rule_id, rule_name: 'standard only', reasons: ['delivery_type EXPRESS is not in [STANDARD]'] }],
    });
    // Reassign with no account while nothing matches: rule 4, no effect.
    expect((await api.call('POST', `/shipments/${second.body.shipment_id}/reassign`, {})).body.post_shipping_info.status).toBe('error');

    const added = await api.call('POST', `/automation-rulesets/${set.automation_rule_set.rule_set_id}/rules`, {
      rule_name: 'express', carrier_accounts: [{ carrier_account_id: accounts[0] }], delivery_type: { operator: 'INCLUSION', value: ['EXPRESS'] },
    });
    const rule = added.body.automation_rules.find((r: any) => r.rule_name === 'express');
    const reprocessed = await api.call('POST', `/shipments/${first.body.shipment_id}/reprocess`, {});
    expect(reprocessed.body).toMatchObject({ post_shipping_info: { status: 'pending' }, carrier_account: { carrier_id: accounts[0] } });
    expect((await history(api, first.body.shipment_id, 'ShipmentReprocessed')).change.routing).toMatchObject({ rule_id: rule.rule_id, not_matched: [{ rule_name: 'standard only' }] });
    const reassigned = await api.call('POST', `/shipments/${second.body.shipment_id}/reassign`, {});
    expect(reassigned.body).toMatchObject({ post_shipping_info: { status: 'pending' }, carrier_account: { carrier_id: accounts[0] } });
    expect((await history(api, second.body.shipment_id, 'ShipmentReassigned')).change.routing).toMatchObject({ rule_id: rule.rule_id });
  });

  it('an INACTIVE ruleset does not route; rulesets of another merchant or country do not apply', async () => {
    const { tenant, api, accounts } = await tenantWithAccounts({}, {});
    const [merchant] = tenant.merchants;
    const set = await ruleset(api, merchant!, [{ rule_name: 'all to B', carrier_accounts: [{ carrier_account_id: accounts[1] }] }]);
    await api.call('POST', '/automation-rulesets', { automation_rule_set: { name: 'Saudi', countries: ['SA'] }, automation_rules: [{ rule_name: 'x', carrier_accounts: [{ carrier_account_id: accounts[0] }] }] });
    expect((await api.create(express(merchant!))).body.carrier_account.carrier_id).toBe(accounts[1]);
    await api.call('PATCH', `/automation-rulesets/${set.automation_rule_set.rule_set_id}`, { status: 'INACTIVE' });
    const unmatched = await api.create(express(merchant!));
    expect(unmatched.body.post_shipping_info.status).toBe('error');
    expect((await history(api, unmatched.body.shipment_id, 'ShipmentValidationFailed')).change.routing.reason)
      .toBe(`no active automation ruleset applies to merchant ${merchant}, FORWARD, country AE`);
  });
});
