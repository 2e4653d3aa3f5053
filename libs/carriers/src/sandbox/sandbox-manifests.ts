import { createHash } from 'node:crypto';
import { carrierError, type CarrierManifestRequest, type CarrierOutcome } from '../carrier/carrier.port';

/**
 * The sandbox carrier's manifest intake: every shipment must carry a tracking number, and an account
 * with property REJECT_MANIFESTS=true refuses (to exercise retry). The reference derives from the
 * request id, so a repeated submission answers the same reference, as a real carrier's idempotency key.
 */
export function acceptSandboxManifest(code: string, request: CarrierManifestRequest): CarrierOutcome<{ reference: string }> {
  if (request.account.property.REJECT_MANIFESTS?.toLowerCase() === 'true') {
    return { ok: false, errors: [carrierError('BOOKING', 'manifest_rejected', 'The sandbox carrier rejected the manifest (REJECT_MANIFESTS)')] };
  }
  const untracked = request.shipments.filter((s) => !s.tracking_no).map((s) => s.shipment_id);
  if (untracked.length > 0) {
    return { ok: false, errors: [carrierError('BOOKING', 'tracking_no_missing', `Shipments without a tracking number: ${untracked.join(', ')}`)] };
  }
  const digest = createHash('sha256').update(request.requestId).digest('hex').slice(0, 10).toUpperCase();
  return { ok: true, value: { reference: `${code === 'SANDBOX' ? 'SBX' : 'SBL'}-MAN-${digest}` } };
}
