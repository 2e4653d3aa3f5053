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

/**
 * Label links printers and browsers open without a bearer token:
 * `<base>/labels/<shipment_id>/<kind>?expires=<unix s>&signature=<mac>`, the MAC an HMAC-SHA256 over
 * tenant, shipment, kind and expiry. The tenant is covered by the MAC but not written in the link: the
 * server knows it from the stored label. The MAC is compared in constant time, and the expiry is looked
 * at only once the MAC holds, so an expired link says nothing about a forged one.
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

  verify(claim: LabelClaim, signature: string, now: Date = new Date()): LabelLinkCheck {
    const expected = Buffer.from(this.signature(claim), 'base64url');
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'forged' };
    if (claim.expiresAt * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
    return { ok: true };
  }
}
