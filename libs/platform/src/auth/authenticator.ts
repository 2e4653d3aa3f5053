import type { IncomingHttpHeaders } from 'node:http';
import { ApiError } from '../http/api-error';
import type { AuthContext } from '../http/auth-context';
import type { TenantDirectory } from '../tenancy/tenant-directory';
import type { TokenService } from './token.service';

/**
 * The header rules of every tenant call, in order: a valid bearer token (else 401), then tenant-id and
 * x-api-key of a live tenant and key, and a token of that same tenant from a client not revoked
 * (else 403). Messages never echo the credentials.
 */
export class Authenticator {
  constructor(private readonly tokens: TokenService, private readonly directory: TenantDirectory) {}

  async authenticate(headers: IncomingHttpHeaders, ids: { requestId: string; correlationId: string }): Promise<AuthContext> {
    const token = bearerToken(headers.authorization);
    if (!token) throw unauthorized('Unauthorized: a bearer access token is required', 'Bearer realm="shipledger"');
    const claims = await this.tokens.verify(token);
    if (!claims) throw unauthorized('Unauthorized: the access token is invalid or expired', 'Bearer realm="shipledger", error="invalid_token"');

    const tenantId = single(headers['tenant-id']);
    const apiKey = single(headers['x-api-key']);
    if (!tenantId) throw ApiError.forbidden('Forbidden: the tenant-id header is required');
    if (!apiKey) throw ApiError.forbidden('Forbidden: the x-api-key header is required');
    const tenant = await this.directory.tenant(tenantId);
    if (!tenant || !(await this.directory.isValidApiKey(tenantId, apiKey))) {
      throw ApiError.forbidden('Forbidden: invalid tenant-id or x-api-key');
    }
    if (claims.tenantId !== tenantId) throw ApiError.forbidden('Forbidden: the access token belongs to another tenant');
    const client = await this.directory.client(claims.clientId);
    if (!client || client.revokedAt || client.tenantId !== tenantId) {
      throw unauthorized('Unauthorized: the client application has been revoked', 'Bearer realm="shipledger", error="invalid_token"');
    }
    return {
      tenantId,
      clientId: claims.clientId,
      scopes: claims.scopes,
      merchants: claims.merchants,
      requestId: ids.requestId,
      correlationId: ids.correlationId,
    };
  }
}

function unauthorized(message: string, challenge: string): ApiError {
  return new ApiError(401, [message], 'unauthorized', [], { 'WWW-Authenticate': challenge });
}

function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

function single(value: string | string[] | undefined): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return v?.trim() || undefined;
}
