import { provisionDemoConfiguration } from '@shipledger/configuration';
import { startTestApp, type TestApp } from '@shipledger/testing';

describe('the demo tenant\'s configuration (npm start)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('gets a warehouse, STANDARD and EXPRESS, two time slots — once, however often it starts', async () => {
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
  });
});
