import { provisionDemoCarrierAccounts } from '@shipledger/carriers';
import { provisionDemoConfiguration } from '@shipledger/configuration';
import { DEMO_SERVICE_LEVEL_RULESET_ID, provisionDemoRouting, provisionDemoServiceLevels } from '@shipledger/routing';
import { startTestApp, type TestApp } from '@shipledger/testing';

/** The README's first-minute shipment on the demo tenant of `npm start` gets its four dates from the demo service levels. */
describe('the demo tenant\'s service levels (npm start)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ worker: false });
  });
  afterAll(() => app?.close());

  it('an ACTIVE ruleset, created once however often it starts, dates the first-minute example', async () => {
    const tenant = await app.createTenant();
    for (let run = 0; run < 2; run++) {
      const accounts = await provisionDemoCarrierAccounts({ database: app.database, eventStore: app.eventStore }, tenant.tenantId);
      await provisionDemoConfiguration({ eventStore: app.eventStore }, tenant.tenantId);
      await provisionDemoRouting({ eventStore: app.eventStore }, tenant.tenantId, accounts.map((account) => account.carrierAccountId));
      await provisionDemoServiceLevels({ eventStore: app.eventStore }, tenant.tenantId);
    }
    const call = async (method: string, path: string, body?: unknown) => (await app.http.request(method, path, { headers: tenant.headers, body })).body;
    const ruleset = await call('GET', `/service-level-rulesets/${DEMO_SERVICE_LEVEL_RULESET_ID}`);
    expect(ruleset.service_level_rule_set).toMatchObject({ status: 'ACTIVE', countries: ['AE'], merchants: ['_ANY'] });
    expect(ruleset.service_level_rules.map((r: any) => r.config_type).sort()).toEqual(['DELIVERY', 'FULFILLMENT', 'PROMISED', 'PROMISED', 'SHIPPING']);

    const created = await call('POST', '/shipments', {
      merchant: tenant.merchants[0], references: { partner_shipment_reference: `first-${tenant.tenantId}` },
      pickup: { partner_location_id: 'demo-warehouse' },
      dropoff: { contact_name: 'Ann', contact_phone: '+971501234567', contact_email: 'ann@example.com', address1: 'Marina Tower 2', city: 'Dubai', country: 'AE' },
      delivery: { delivery_type: 'EXPRESS' },
      parcels: [{ weight: { value: 1.2, unit: 'kg' }, dimension: { width: 20, height: 10, depth: 30, unit: 'cm' } }],
    });
    expect(created.post_shipping_info.status).toBe('pending');
    const at = (value: string) => Date.parse(value);
    const { promised_delivery_date: promised, estimated_process_date: processed } = created;
    const { estimated_ship_date: shipped, estimated_delivery_date: delivered } = created.post_shipping_info;
    // Day-based SLAs land on a whole minute (eta_time); the 4 working hours keep the order's seconds.
    for (const date of [promised, shipped, delivered]) expect(date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/);
    expect(processed).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // One timeline: processed after the order, collected after processing, delivered after collection.
    expect(at(processed)).toBeGreaterThan(at(created.creation_date));
    expect(at(shipped)).toBeGreaterThanOrEqual(at(processed));
    expect(at(delivered)).toBeGreaterThan(at(shipped));
    // EXPRESS: promised by 22:00 Dubai (18:00Z) on a working day within a week.
    expect(new Date(promised).getUTCHours()).toBe(18);
    expect(at(promised) - at(created.creation_date)).toBeLessThan(7 * 86_400_000);
    const history = await call('GET', `/shipments/${created.shipment_id}/history`);
    const applied = history.find((entry: any) => entry.type === 'ShipmentServiceLevelsEstimated').change.applied;
    expect(applied.map((a: any) => a.rule_id)).toEqual(['warehouse', 'collection', 'last-mile', 'promise-express']);
  });
});
