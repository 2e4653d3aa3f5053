import type { CarrierAccount } from '../accounts/carrier-account';
import type { CarrierManifestRequest } from '../carrier/carrier.port';
import { acceptSandboxManifest } from './sandbox-manifests';

const account = (property: Record<string, string> = {}) => ({ carrierAccountId: 'acc-1', property } as unknown as CarrierAccount);
const request = (overrides: Partial<CarrierManifestRequest> = {}): CarrierManifestRequest => ({
  requestId: 'man-1:1', account: account(), manifestId: 'man-1', shipments: [{ shipment_id: 's1', tracking_no: 'SBX1' }], ...overrides,
});

describe('the sandbox carrier takes manifests', () => {
  it('answers a reference derived from the request id: the same submission, the same reference', () => {
    const first = acceptSandboxManifest('SANDBOX', request());
    expect(first).toEqual({ ok: true, value: { reference: expect.stringMatching(/^SBX-MAN-[0-9A-F]{10}$/) } });
    expect(acceptSandboxManifest('SANDBOX', request())).toEqual(first);
    expect(acceptSandboxManifest('SANDBOX', request({ requestId: 'man-1:2' }))).not.toEqual(first);
    expect(acceptSandboxManifest('SANDBOX_LITE', request())).toEqual({ ok: true, value: { reference: expect.stringMatching(/^SBL-MAN-/) } });
  });

  it.each([
    ['an account set to refuse', request({ account: account({ REJECT_MANIFESTS: 'TRUE' }) }), 'manifest_rejected'],
    ['a shipment without tracking number', request({ shipments: [{ shipment_id: 's1' }] }), 'tracking_no_missing'],
  ])('refuses %s', (_name, input, code) => {
    expect(acceptSandboxManifest('SANDBOX', input)).toEqual({ ok: false, errors: [expect.objectContaining({ code, source: 'CARRIER' })] });
  });
});
