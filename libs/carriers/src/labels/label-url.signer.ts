import { timingSafeEqual } from 'node:crypto';
import { LABEL_KINDS, type LabelKind } from '../accounts/carrier-account';
import { hmac } from '../secrets/carrier-secrets';

export interface LabelClaim {
  tenantId: string;
  shipmentId: string;
  kind: LabelKind;
  /** Unix seconds. */
  expiresAt: number;
}

export type LabelTokenCheck =
  | { ok: true; claim: LabelClaim }
  | { ok: false; reason: 'forged' | 'expired' };

/**
 * Label links printers and browsers open without a bearer token: `<base>/labels/<payload>.<mac>`, the
 * payload naming tenant, shipment, label kind and expiry, the MAC an HMAC-SHA256 over it. The MAC is
 * compared in constant time, and the expiry is only looked at once the MAC holds.
 */
export class LabelUrlSigner {
  constructor(private readonly key: Buffer, private readonly baseUrl: string, private readonly ttlSeconds: number) {}

  url(tenantId: string, shipmentId: string, kind: LabelKind, now: Date = new Date()): string {
    const claim: LabelClaim = { tenantId, shipmentId, kind, expiresAt: Math.floor(now.getTime() / 1000) + this.ttlSeconds };
    return `${this.baseUrl.replace(/\/$/, '')}/labels/${this.token(claim)}`;
  }

  token(claim: LabelClaim): string {
    const payload = Buffer.from(JSON.stringify([claim.tenantId, claim.shipmentId, claim.kind, claim.expiresAt])).toString('base64url');
    return `${payload}.${hmac(this.key, payload).toString('base64url')}`;
  }

  verify(token: string, now: Date = new Date()): LabelTokenCheck {
    const [payload, mac, extra] = token.split('.');
    if (!payload || !mac || extra !== undefined) return { ok: false, reason: 'forged' };
    const expected = hmac(this.key, payload);
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'forged' };
    const claim = parseClaim(payload);
    if (!claim) return { ok: false, reason: 'forged' };
    if (claim.expiresAt * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
    return { ok: true, claim };
  }
}

function parseClaim(payload: string): LabelClaim | undefined {
  try {
    const [tenantId, shipmentId, kind, expiresAt] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown[];
    if (typeof tenantId !== 'string' || typeof shipmentId !== 'string' || typeof expiresAt !== 'number') return undefined;
    if (!(LABEL_KINDS as readonly unknown[]).includes(kind)) return undefined;
    return { tenantId, shipmentId, kind: kind as LabelKind, expiresAt };
  } catch {
    return undefined;
  }
}
