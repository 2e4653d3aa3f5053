import { timingSafeEqual } from 'node:crypto';
import type { LabelKind } from '../accounts/carrier-account';
import { hmac } from '../secrets/carrier-secrets';

export interface LabelClaim {
  tenantId: string;
  shipmentId: string;
  kind: LabelKind;
  /** Unix seconds. */
  expiresAt: number;
}

export type LabelLinkCheck = { ok: true } | { ok: false; reason: 'forged' | 'expired' };

/** The one form of an expiry in a link: unix seconds in decimal, no sign, no leading zero, no fraction. */
const CANONICAL_EXPIRES = /^[1-9][0-9]{0,11}$/;
/** The one form of a signature: unpadded base64url of the 32-byte MAC (43 characters). */
const CANONICAL_SIGNATURE = /^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/;

/**
 * The expiry of a link whose query parameters are in the one form `url` writes; undefined for any
 * other spelling (`1700000000.0`, `+1700000000`, `01700000000`, a padded or otherwise re-encoded
 * signature): a link that was altered is refused before any MAC is computed.
 */
export function canonicalLinkExpiry(expires: string | undefined, signature: string | undefined): number | undefined {
  if (expires === undefined || signature === undefined) return undefined;
  if (!CANONICAL_EXPIRES.test(expires) || !CANONICAL_SIGNATURE.test(signature)) return undefined;
  return Number(expires);
}

/**
 * Label links printers and browsers open without a bearer token:
 * `<base>/labels/<shipment_id>/<kind>?expires=<unix s>&signature=<mac>`, the MAC an HMAC-SHA256 over
 * tenant, shipment, kind and expiry. The tenant is covered by the MAC but not written in the link: the
 * server knows it from the stored label. The MAC is compared in constant time, and the expiry is looked
 * at only once the MAC holds, so an expired link says nothing about a forged one. A link has exactly
 * one valid spelling (canonicalLinkExpiry).
 */
export class LabelUrlSigner {
  constructor(private readonly key: Buffer, private readonly baseUrl: string, private readonly ttlSeconds: number) {}

  url(tenantId: string, shipmentId: string, kind: LabelKind, now: Date = new Date()): string {
    const expiresAt = Math.floor(now.getTime() / 1000) + this.ttlSeconds;
    const signature = this.signature({ tenantId, shipmentId, kind, expiresAt });
    return `${this.baseUrl.replace(/\/$/, '')}/labels/${encodeURIComponent(shipmentId)}/${kind}?expires=${expiresAt}&signature=${signature}`;
  }

  signature(claim: LabelClaim): string {
    return hmac(this.key, JSON.stringify([claim.tenantId, claim.shipmentId, claim.kind, claim.expiresAt])).toString('base64url');
  }

  /** The signature is compared as the text `url` wrote, so no other encoding of the same bytes passes. */
  verify(claim: LabelClaim, signature: string, now: Date = new Date()): LabelLinkCheck {
    const expected = Buffer.from(this.signature(claim), 'ascii');
    const given = Buffer.from(signature, 'ascii');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'forged' };
    if (claim.expiresAt * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
    return { ok: true };
  }
}
