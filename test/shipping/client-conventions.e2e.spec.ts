import { startTestApp, type TestApp, type TestTenant } from '@shipledger/testing';
import { shipmentRequest } from './support/shipment-requests';

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Issue 11.2: input as PHP and JavaScript connectors send it (docs/api/conventions.md). */
describe('client conventions on shipment requests', () => {
  let app: TestApp;
  let t: TestTenant;
  beforeAll(async () => {
    app = await startTestApp({ worker: false });
    t = await app.createTenant();
  });
  afterAll(() => app?.close());

  const create = (body: unknown) => app.http.request('POST', '/shipments?draft=true', { headers: t.headers, body });

  it('stores and answers [] as {} wherever an object is expected', async () => {
    const created = await create(shipmentRequest(t.merchants[0], { delivery: [], collection: [], payment: [], custom_attributes: [] }));
    expect(created.status).toBe(200);
    const read = await app.http.request('GET', `/shipments/${created.body.shipment_id}`, { headers: t.headers });
    for (const body of [created.body, read.body]) {
      expect(body.delivery ?? {}).toEqual({});
      expect(Array.isArray(body.delivery)).toBe(false);
      expect(Array.isArray(body.collection)).toBe(false);
      expect(Array.isArray(body.payment)).toBe(false);
      expect(body.custom_attributes ?? {}).toEqual({});
      expect(Array.isArray(body.custom_attributes)).toBe(false);
    }
  });

  it('refuses a non-empty array where an object is expected, appending nothing', async () => {
    const before = await app.eventStore.headPosition();
    const res = await create(shipmentRequest(t.merchants[0], { delivery: ['STANDARD'], pickup: [{ city: 'Dubai' }] }));
    expect({ status: res.status, body: res.body }).toEqual({
      status: 400,
      body: { status: '400', timestamp: expect.stringMatching(ISO_MS), errors: ['pickup : must be an object', 'delivery : must be an object'] },
    });
    expect(await app.eventStore.headPosition()).toBe(before);
  });

  it('reads null and empty strings in optional fields as absent', async () => {
    const res = await create(shipmentRequest(t.merchants[0], {
      delivery: { delivery_type: null, scheduled_date: '' },
      dropoff: { ...shipmentRequest('x').dropoff, contact_email: '', address2: null },
      order_date: '',
    }));
    expect(res.status).toBe(200);
    expect(res.body.delivery?.delivery_type).toBeUndefined();
    expect(res.body.delivery?.scheduled_date).toBeUndefined();
    expect(res.body.dropoff.contact_email ?? null).toBeNull();
    expect(res.body.dropoff.address2 ?? null).toBeNull();
  });

  it('accepts integers written 2.0', async () => {
    const rawBody = JSON.stringify(shipmentRequest(t.merchants[0])).replace('"quantity":2,', '"quantity":2.0,');
    expect(rawBody).toContain('"quantity":2.0');
    const res = await app.http.request('POST', '/shipments?draft=true', { headers: { ...t.headers, 'content-type': 'application/json' }, rawBody });
    expect(res.status).toBe(200);
    expect(res.body.items[0].quantity).toBe(2);
  });

  describe('coords (issue 11.10)', () => {
    const withCoords = (coords: unknown) => shipmentRequest(t.merchants[0], { dropoff: { ...shipmentRequest('x').dropoff, coords } });

    it.each([
      ['the array', [25.2048, 55.2708]],
      ['the string "lat,lng"', '25.2048,55.2708'],
      ['the string with spaces', ' 25.2048 , 55.2708 '],
    ])('accepts %s and answers the array', async (_name, coords) => {
      const created = await create(withCoords(coords));
      expect(created.status).toBe(200);
      expect(created.body.dropoff.coords).toEqual([25.2048, 55.2708]);
      const read = await app.http.request('GET', `/shipments/${created.body.shipment_id}`, { headers: t.headers });
      expect(read.body.dropoff.coords).toEqual([25.2048, 55.2708]);
    });

    it.each([['one number', [25]], ['out of range', [95, 10]], ['not numbers', 'north,east'], ['three parts', '1,2,3'], ['a number', 25]])(
      'refuses %s with 400 naming dropoff.coords', async (_name, coords) => {
        const res = await create(withCoords(coords));
        expect(res.status).toBe(400);
        expect(res.body.errors).toEqual(['dropoff.coords : must be [latitude, longitude] or "latitude,longitude" (latitude -90..90, longitude -180..180)']);
      });
  });
});
