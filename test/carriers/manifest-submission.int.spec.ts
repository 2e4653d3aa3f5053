import { randomBytes } from 'node:crypto';
import { CarrierManifests, CarrierRegistry, type Carrier, type CarrierManifestRequest } from '@shipledger/carriers';
import { startCarriersHarness, type CarriersHarness } from './carriers-harness';

/** An HTTP-coded carrier standing in for integrations: `submitManifest` as given (absent: no electronic manifests). */
function carrier(submitManifest?: (request: CarrierManifestRequest) => Promise<any>): Carrier {
  return { code: 'HTTP', capabilities: { cancellation: false, collectionScheduling: false, documentUpload: false, labelFormats: [] }, ...(submitManifest ? { submitManifest } : {}) } as unknown as Carrier;
}

describe('manifest submission to carriers (CarrierManifests, a real database)', () => {
  let harness: CarriersHarness;

  beforeAll(async () => {
    harness = await startCarriersHarness();
  });
  afterAll(() => harness?.close());

  async function submitWith(adapter: Carrier, timeoutMs = 50) {
    const context = harness.context;
    const manifests = new CarrierManifests(context.accountRepository, new CarrierRegistry(context.sandboxStore, context.outbound, [adapter]),
      context.labelRenderer, randomBytes(32), 'https://shipledger.test', 600, timeoutMs);
    const account = await harness.createAccount({ carrier: 'HTTP', property: { URL: 'https://127.0.0.1:9/carrier' } });
    return manifests.submit({ tenantId: harness.tenantId, requestId: 'm:1', manifestId: 'm', carrierAccountId: account.carrierAccountId, shipments: [{ shipment_id: 's1', tracking_no: 'T1' }] });
  }

  it('a carrier without electronic manifests: accepted without a reference (the PDF is the hand-over)', async () => {
    expect(await submitWith(carrier())).toEqual({ ok: true, reference: null });
  });

  it('a carrier that does not answer in time: carrier_timeout, within the bound', async () => {
    const started = Date.now();
    expect(await submitWith(carrier(() => new Promise(() => undefined)))).toEqual({ ok: false, errors: [expect.objectContaining({ code: 'carrier_timeout' })] });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('a carrier that throws: carrier_unavailable; one that refuses: its errors', async () => {
    expect(await submitWith(carrier(() => Promise.reject(new Error('down'))))).toEqual({ ok: false, errors: [{ code: 'carrier_unavailable', message: 'down' }] });
    expect(await submitWith(carrier(async () => ({ ok: false, errors: [{ code: 'closed_today', message: 'depot closed' }] }))))
      .toEqual({ ok: false, errors: [{ code: 'closed_today', message: 'depot closed' }] });
  });
});
