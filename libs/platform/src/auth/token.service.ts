import { existsSync, readFileSync } from 'node:fs';
import { ensurePrivateDir, PRIVATE_FILE_MODE, tighten, writePrivateFile } from '../crypto/private-files';
import { join } from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { randomSecret } from '../crypto/secret-hash';
import { parseScopeString, scopeString } from '../tenancy/scopes';

export const TOKEN_LIFETIME_SECONDS = 86_400;
const ISSUER = 'shipledger';
const AUDIENCE = 'shipledger-api';
/** Verified tokens remembered per process (a client sends the same token on every call until expiry). */
const VERIFIED_CACHE_SIZE = 10_000;

export interface AccessTokenClaims {
  tenantId: string;
  clientId: string;
  scopes: string[];
  merchants: string[] | '*';
  scope: string;
}

/** Signs and verifies access tokens: HS256 JWTs (tenant, client, scope, merchants, expiry). */
export class TokenService {
  private readonly key: Uint8Array;
  /**
   * sha256(token) → its claims and expiry (ms), for tokens that verified. Keyed by the digest, never the
   * token, so a lookup reveals nothing about stored tokens through timing; a hit still checks expiry.
   */
  private readonly verified = new Map<string, { claims: AccessTokenClaims; expiresAt: number }>();

  constructor(secret: string, private readonly now: () => number = Date.now) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(input: { tenantId: string; clientId: string; scopes: readonly string[]; merchants: readonly string[] }): Promise<{ accessToken: string; scope: string; expiresIn: number }> {
    const scope = scopeString(input.tenantId, input.merchants, input.scopes);
    const issuedAt = Math.floor(this.now() / 1000);
    const accessToken = await new SignJWT({ tid: input.tenantId, scope })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject(input.clientId)
      .setJti(randomUUID())
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + TOKEN_LIFETIME_SECONDS)
      .sign(this.key);
    return { accessToken, scope, expiresIn: TOKEN_LIFETIME_SECONDS };
  }

  /** The claims of a valid token, or undefined when it is malformed, forged or expired. */
  async verify(token: string): Promise<AccessTokenClaims | undefined> {
    const digest = createHash('sha256').update(token).digest('base64');
    const known = this.verified.get(digest);
    if (known) {
      if (known.expiresAt > this.now()) return known.claims;
      this.verified.delete(digest);
      return undefined;
    }
    const claims = await this.verifySignature(token);
    if (claims) {
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value as string);
      this.verified.set(digest, claims);
      return claims.claims;
    }
    return undefined;
  }

  private async verifySignature(token: string): Promise<{ claims: AccessTokenClaims; expiresAt: number } | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        currentDate: new Date(this.now()),
      });
      if (typeof payload.tid !== 'string' || typeof payload.sub !== 'string' || typeof payload.scope !== 'string') return undefined;
      if (typeof payload.exp !== 'number') return undefined;
      const { scopes, merchants } = parseScopeString(payload.scope);
      return {
        claims: { tenantId: payload.tid, clientId: payload.sub, scopes, merchants, scope: payload.scope },
        expiresAt: payload.exp * 1000,
      };
    } catch {
      return undefined;
    }
  }
}

/** JWT_SECRET when set; otherwise a secret generated once into the data folder (or memory). */
export function resolveJwtSecret(configured: string | undefined, dataDir: string | undefined): string {
  if (configured) return configured;
  if (!dataDir) return randomSecret(48);
  const path = join(dataDir, 'secrets', 'jwt-secret');
  if (existsSync(path)) {
    ensurePrivateDir(join(dataDir, 'secrets'));
    tighten(path, PRIVATE_FILE_MODE);
    return readFileSync(path, 'utf8').trim();
  }
  const secret = randomSecret(48);
  writePrivateFile(path, secret);
  return secret;
}
