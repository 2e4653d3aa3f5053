import { timingSafeEqual } from 'node:crypto';
import type { CarrierAccountRepository } from '../accounts/carrier-account.repository';
import type { CarrierRegistry } from '../carrier/carrier.registry';
import type { PdfLabelRenderer } from '../labels/pdf-label.pool';
import { canonicalLinkExpiry } from '../labels/label-url.signer';
import { hmac } from '../secrets/carrier-secrets';
import type { ManifestDocumentInput } from './manifest-pdf.renderer';

/** A carrier account as a manifest names it. */
export interface ManifestCarrierAccount {
  carrier_account_id: string;
  carrier: string;
  carrier_account_name: string;
  status: 'active' | 'inactive' | 'deleted';
}

/** What is handed over to the carrier: `requestId` is deterministic (manifest and submission number). */
export interface ManifestSubmission {
  tenantId: string;
  requestId: string;
  manifestId: string;
  carrierAccountId: string;
  shipments: { shipment_id: string; tracking_no?: string }[];
  pickupFrom?: string;
  pickupTo?: string;
}

/** reference null: the carrier takes no electronic manifests; the PDF is the hand-over. */
export type ManifestSubmissionOutcome =
  | { ok: true; reference: string | null }
  | { ok: false; errors: { code: string; message: string }[] };

export type ManifestLinkCheck = 'ok' | 'forged' | 'expired' | 'altered';

/** How long a carrier may take to answer a manifest submission. */
export const MANIFEST_SUBMIT_TIMEOUT_MS = 10_000;

/**
 * The carriers side of manifests, published for the manifests context: the account a manifest names,
 * the submission to the carrier (bounded in time), and the PDF hand-over list rendered in the label
 * threads and served at a signed link (HMAC over tenant, manifest and expiry, as label links are).
 */
export class CarrierManifests {
  constructor(
    private readonly accounts: CarrierAccountRepository,
    private readonly carriers: CarrierRegistry,
    private readonly renderer: PdfLabelRenderer,
    private readonly signingKey: Buffer,
    private readonly baseUrl: string,
    private readonly ttlSeconds: number,
    private readonly submitTimeoutMs: number = MANIFEST_SUBMIT_TIMEOUT_MS,
  ) {}

  async account(tenantId: string, carrierAccountId: string): Promise<ManifestCarrierAccount | undefined> {
    const account = await this.accounts.get(tenantId, carrierAccountId);
    if (!account) return undefined;
    return { carrier_account_id: account.carrierAccountId, carrier: account.carrier, carrier_account_name: account.carrierAccountName, status: account.status };
  }

  async submit(submission: ManifestSubmission): Promise<ManifestSubmissionOutcome> {
    const account = await this.accounts.get(submission.tenantId, submission.carrierAccountId);
    if (!account) return { ok: false, errors: [{ code: 'carrier_account_not_found', message: `carrier account ${submission.carrierAccountId} is unknown` }] };
    const carrier = this.carriers.get(account.carrier);
    if (!carrier.submitManifest) return { ok: true, reference: null };
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<ManifestSubmissionOutcome>((resolve) => {
      timer = setTimeout(() => resolve({ ok: false, errors: [{ code: 'carrier_timeout', message: `the carrier did not answer within ${this.submitTimeoutMs} ms` }] }), this.submitTimeoutMs);
    });
    try {
      const answer = carrier.submitManifest({ account, ...submission }).then((outcome): ManifestSubmissionOutcome => (outcome.ok
        ? { ok: true, reference: outcome.value.reference }
        : { ok: false, errors: outcome.errors.map((e) => ({ code: e.code, message: e.message })) }));
      return await Promise.race([answer, timeout]);
    } catch (error) {
      return { ok: false, errors: [{ code: 'carrier_unavailable', message: error instanceof Error ? error.message : String(error) }] };
    } finally {
      clearTimeout(timer);
    }
  }

  renderPdf(input: ManifestDocumentInput): Promise<Buffer> {
    return this.renderer.renderManifest(input);
  }

  documentUrl(tenantId: string, manifestId: string, now: Date = new Date()): string {
    const expiresAt = Math.floor(now.getTime() / 1000) + this.ttlSeconds;
    const signature = this.signature(tenantId, manifestId, expiresAt);
    return `${this.baseUrl.replace(/\/$/, '')}/manifests/${encodeURIComponent(manifestId)}/document?expires=${expiresAt}&signature=${signature}`;
  }

  /** Like label links: one canonical spelling, MAC compared in constant time, expiry looked at only after. */
  verifyDocumentLink(tenantId: string, manifestId: string, expires: string | undefined, signature: string | undefined, now: Date = new Date()): ManifestLinkCheck {
    const expiresAt = canonicalLinkExpiry(expires, signature);
    if (expiresAt === undefined || !signature) return 'altered';
    const expected = Buffer.from(this.signature(tenantId, manifestId, expiresAt), 'ascii');
    const given = Buffer.from(signature, 'ascii');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
    return expiresAt * 1000 <= now.getTime() ? 'expired' : 'ok';
  }

  private signature(tenantId: string, manifestId: string, expiresAt: number): string {
    // A five-element claim tagged 'manifest': never equal to a label's four-element claim.
    return hmac(this.signingKey, JSON.stringify(['manifest', tenantId, manifestId, expiresAt, 'document'])).toString('base64url');
  }
}
