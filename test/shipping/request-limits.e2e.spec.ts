import { startTestApp, type TestApp, type TestTenant } from '@shipledger/testing';
import { shipmentRequest } from './support/shipment-requests';

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Issue 10.3: every string, array and number of a request has a bound (docs/limits.md); beyond it → 400, nothing appended. */
describe('request limits', () => {
  let app: TestApp;
  let t: TestTenant;
  beforeAll(async () => {
    app = await startTestApp({ worker: false });
    t = await app.createTenant();
  });
  afterAll(() => app?.close());

  const base = () => shipmentRequest('x');
  const item = (overrides: Record<string, unknown>) => ({ ...base().items[0], ...overrides });
  const parcel = (overrides: Record<string, unknown>) => ({ ...base().parcels[0], ...overrides });
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['a 1 MB city', { dropoff: { ...base().dropoff, city: 'x'.repeat(1024 * 1024) } }, 'dropoff.city : must be shorter than or equal to 100 characters'],
    ['a 101-character contact name', { pickup: { ...base().pickup, contact_name: 'n'.repeat(101) } }, 'pickup.contact_name : must be shorter than or equal to 100 characters'],
    ['a 256-character address line', { dropoff: { ...base().dropoff, address1: 'a'.repeat(256) } }, 'dropoff.address1 : must be shorter than or equal to 255 characters'],
    ['a 21-character postcode', { dropoff: { ...base().dropoff, postcode: '1'.repeat(21) } }, 'dropoff.postcode : must be shorter than or equal to 20 characters'],
    ['a 31-character phone', { dropoff: { ...base().dropoff, contact_phone: '1'.repeat(31) } }, 'dropoff.contact_phone : must be shorter than or equal to 30 characters'],
    ['a 251-character reference', { references: { partner_shipment_reference: 'r'.repeat(251) } }, 'references.partner_shipment_reference : must be shorter than or equal to 250 characters'],
    ['a 1001-character description', { items: [item({ description: 'd'.repeat(1001) })] }, 'items.0.description : must be shorter than or equal to 1000 characters'],
    ['251 items', { items: Array.from({ length: 251 }, () => item({})) }, 'items : must contain no more than 250 elements'],
    ['251 parcels', { parcels: Array.from({ length: 251 }, () => parcel({})) }, 'parcels : must contain no more than 250 elements'],
    ['a negative weight', { parcels: [parcel({ weight: { value: -1, unit: 'kg' } })] }, 'parcels.0.weight.value : must not be less than 0'],
    ['a negative price', { items: [item({ price: { amount: -5, currency: 'AED' } })] }, 'items.0.price.amount : must not be less than 0'],
    ['a negative quantity', { items: [item({ quantity: -2 })] }, 'items.0.quantity : must not be less than 0'],
    ['a price of 1e308', { items: [item({ price: { amount: 1e308, currency: 'AED' } })] }, 'items.0.price.amount : must not be greater than 1000000000'],
    ['a negative dimension', { parcels: [parcel({ dimension: { width: -1, height: 1, depth: 1, unit: 'cm' } })] }, 'parcels.0.dimension.width : must not be less than 0'],
  ];

  it.each(cases)('%s → 400 naming the field, nothing appended', async (_name, override, message) => {
    const before = await app.eventStore.headPosition();
    const res = await app.http.request('POST', '/shipments?draft=true', { headers: t.headers, body: shipmentRequest(t.merchants[0], override) });
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { status: '400', timestamp: expect.stringMatching(ISO_MS), errors: [message] } });
    expect(await app.eventStore.headPosition()).toBe(before);
  });

  it('a number too large for JSON doubles (1e400, read as Infinity) → 400', async () => {
    const rawBody = JSON.stringify(shipmentRequest(t.merchants[0])).replace('"total_amount":120', '"total_amount":1e400');
    const res = await app.http.request('POST', '/shipments?draft=true', { headers: { ...t.headers, 'content-type': 'application/json' }, rawBody });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(['payment.total_amount : must be a number conforming to the specified constraints']);
  });

  it('too many custom attributes → 400', async () => {
    const custom_attributes = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`a${i}`, ['v']]));
    const res = await app.http.request('POST', '/shipments?draft=true', { headers: t.headers, body: shipmentRequest(t.merchants[0], { custom_attributes }) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.stringMatching(/^custom_attributes : must map at most 100 attribute names/)]);
  });

  it('values at every limit are accepted', async () => {
    const res = await app.http.request('POST', '/shipments?draft=true', {
      headers: t.headers,
      body: shipmentRequest(t.merchants[0], {
        dropoff: { ...base().dropoff, city: 'c'.repeat(100), address1: 'a'.repeat(255), postcode: '1'.repeat(20), contact_phone: '1'.repeat(30) },
        items: Array.from({ length: 250 }, () => item({ price: { amount: 1_000_000_000, currency: 'AED' }, quantity: 0 })),
      }),
    });
    expect(res.status).toBe(200);
  });

  it('a carrier account property beyond its bounds → 400', async () => {
    const property = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`KEY_${i}`, 'v']));
    const res = await app.http.request('POST', '/carrier-accounts', { headers: t.headers, body: { carrier_account_name: 'x', carrier: 'SANDBOX', property } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(['property : must have at most 50 entries']);
  });
});
