import { DEMO_LOCATION_ID, provisionDemoConfiguration } from '@shipledger/configuration';
import { startTestApp, type TestApp } from '@shipledger/testing';

describe('the demo tenant\'s configuration (npm start)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('gets a warehouse, STANDARD and EXPRESS, two time slots — once, however often it starts — that a shipment can name', async () => {
    const tenant = await app.createTenant();
    await provisionDemoConfiguration({ eventStore: app.eventStore }, tenant.tenantId);
    await provisionDemoConfiguration({ eventStore: app.eventStore }, tenant.tenantId);
    await app.waitUntilCaughtUp();
    const get = async (path: string) => (await app.http.request('GET', path, { headers: tenant.headers })).body;
    expect(await get('/locations')).toEqual([expect.objectContaining({ location_id: 'demo-warehouse', location_code: 'WH-1', city: 'Dubai', deleted: false })]);
    expect((await get('/delivery-types')).map((d: any) => d.code)).toEqual(['STANDARD', 'EXPRESS']);
    expect(await get('/time-slots')).toEqual([
      { time_slot_id: 'MORNING', from: '09:00', to: '13:00', deleted: false },
      { time_slot_id: 'AFTERNOON', from: '14:00', to: '18:00', deleted: false },
    ]);
    expect(await app.eventStore.readStream(`configuration-location-${tenant.tenantId}`)).toHaveLength(1);

    const shipment = await app.http.request('POST', '/shipments?draft=true', { headers: tenant.headers, body: {
      merchant: tenant.merchants[0], references: { partner_shipment_reference: `DEMO-${tenant.tenantId}` },
      pickup: { partner_location_id: DEMO_LOCATION_ID }, delivery: { delivery_type: 'EXPRESS', scheduled_date: '2026-12-01', time_slot_id: 'MORNING' },
    } });
    expect(shipment.status).toBe(200);
    expect(shipment.body.pickup).toMatchObject({ partner_location_id: DEMO_LOCATION_ID, partner_location_code: 'WH-1', address1: '1 Warehouse Road', coords: [25.2048, 55.2708] });
    expect(shipment.body.delivery).toMatchObject({ scheduled_from: '2026-12-01T09:00:00.000Z', scheduled_to: '2026-12-01T13:00:00.000Z' });
  });
});
