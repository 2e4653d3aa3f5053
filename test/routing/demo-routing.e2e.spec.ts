import { provisionDemoCarrierAccounts } from '@shipledger/carriers';
import { provisionDemoConfiguration } from '@shipledger/configuration';
import { provisionDemoRouting, DEMO_RULESET_ID } from '@shipledger/routing';
import { startTestApp, type TestApp } from '@shipledger/testing';

/** The README's first-minute shipment on the demo tenant of `npm start` is routed by the demo ruleset. */
describe('the demo tenant\'s routing (npm start)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('two sandbox accounts with different rate cards and an ACTIVE ruleset — once however often it starts — route the first-minute example', async () => {
    const tenant = await app.createTenant();
    for (let run = 0; run < 2; run++) {
      const accounts = await provisionDemoCarrierAccounts({ database: app.database, eventStore: app.eventStore }, tenant.tenantId);
      await provisionDemoConfiguration({ eventStore: app.eventStore }, tenant.tenantId);
      await provisionDemoRouting({ eventStore: app.eventStore }, tenant.tenantId, accounts.map((account) => account.carrierAccountId));
    }
    const call = async (method: string, path: string, body?: unknown) => (await app.http.request(method, path, { headers: tenant.headers, body })).body;
    const accounts = await call('GET', '/carrier-accounts');
    expect(accounts.map((a: any) => a.carrier_account_name)).toEqual(['Sandbox', 'Sandbox Economy']);
    const ruleset = await call('GET', `/automation-rulesets/${DEMO_RULESET_ID}`);
    expect(ruleset.automation_rule_set).toMatchObject({ status: 'ACTIVE', countries: ['AE'], merchants: ['_ANY'] });
    expect(ruleset.automation_rules.map((r: any) => r.rule_id)).toEqual(['uae-express', 'uae-other']);

    // The README's body, word for word but the merchant and reference.
    const created = await call('POST', '/shipments', {
      merchant: tenant.merchants[0], references: { partner_shipment_reference: `first-${tenant.tenantId}` },
      pickup: { partner_location_id: 'demo-warehouse' },
      dropoff: { contact_name: 'Ann', contact_phone: '+971501234567', contact_email: 'ann@example.com', address1: 'Marina Tower 2', city: 'Dubai', country: 'AE' },
      delivery: { delivery_type: 'EXPRESS' },
      parcels: [{ weight: { value: 1.2, unit: 'kg' }, dimension: { width: 20, height: 10, depth: 30, unit: 'cm' } }],
    });
    expect(created.post_shipping_info.status).toBe('pending');
    expect(created.carrier_account.carrier_account_name).toBe('Sandbox Economy');
    const history = await call('GET', `/shipments/${created.shipment_id}/history`);
    const routing = history.find((entry: any) => entry.type === 'ShipmentConfirmed').change.routing;
    // Sandbox: 5 + 1.5 × 1.2 = 6.8; Sandbox Economy: 3 + 1 × 1.2 = 4.2.
    expect(routing).toMatchObject({ rule_set_id: DEMO_RULESET_ID, rule_id: 'uae-express', carrier_choice: 'CHEAPEST_CARRIER', not_matched: [] });
    expect(routing.reason).toContain('at 4.2 EUR');
  });
});
