import { startTestApp, type TestApp, type TestTenant } from '@shipledger/testing';
import { shipmentRequest } from '../shipping/support/shipment-requests';

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Issue 10.5: input that answered 500 now answers a precise 4xx, and nothing is appended. */
describe('input that used to answer 500', () => {
  let app: TestApp;
  let t: TestTenant;
  beforeAll(async () => {
    app = await startTestApp({ worker: false });
    t = await app.createTenant();
  });
  afterAll(() => app?.close());

  async function expectNothingAppended(call: () => Promise<void>): Promise<void> {
    const before = await app.eventStore.headPosition();
    await call();
    expect(await app.eventStore.headPosition()).toBe(before);
  }

  it('a 3,000-deep JSON body → 400 before any recursive walk', async () => {
    await expectNothingAppended(async () => {
      const deep = `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`;
      const rawBody = JSON.stringify(shipmentRequest(t.merchants[0])).replace(/^\{/, `{"custom_attributes":${deep},`);
      const res = await app.http.request('POST', '/shipments', { headers: { ...t.headers, 'content-type': 'application/json' }, rawBody });
      expect({ status: res.status, body: res.body }).toEqual({
        status: 400,
        body: { status: '400', timestamp: expect.stringMatching(ISO_MS), errors: ['Request body nests arrays and objects deeper than 64 levels'] },
      });
    });
  });
});
