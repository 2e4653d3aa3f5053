import { Body, Controller, Headers, HttpCode, Inject, Ip, Post, Res } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { hashSecret, randomSecret, verifySecret } from '../crypto/secret-hash';
import { ApiError } from '../http/api-error';
import { isUnsafeText, UNSAFE_TEXT_MESSAGE } from '../http/request-text';
import { PublicRoute } from '../http/route-metadata';
import { PLATFORM_SERVICES, type PlatformServices } from '../platform-services';
import { TokenRequestDto, TokenResponseDto } from './token.dto';
import { tooManyFailedAttempts } from './login-throttle';

const UNAUTHORIZED = 'Unauthorized';
let decoy: Promise<string> | undefined;
const decoyHash = () => (decoy ??= hashSecret(randomSecret()));

/** OAuth 2.0 client credentials (JSON, form-encoded, or HTTP Basic client authentication). */
@ApiTags('Access token')
@Controller('oauth')
export class OauthTokenController {
  constructor(@Inject(PLATFORM_SERVICES) private readonly platform: PlatformServices) {}

  @Post('token')
  @PublicRoute()
  @HttpCode(200)
  @ApiOperation({ summary: 'Exchange client credentials for an access token (24 h)' })
  @ApiBody({ type: TokenRequestDto })
  @ApiOkResponse({ type: TokenResponseDto })
  async token(
    @Body() body: unknown,
    @Headers('authorization') authorization: string | undefined,
    @Ip() address: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TokenResponseDto> {
    reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
    const { clientId, clientSecret } = credentialsFrom(body, authorization);
    const wait = this.platform.loginThrottle.retryAfterSeconds(clientId, address);
    if (wait > 0) {
      throw tooManyFailedAttempts(wait);
    }
    const found = await this.platform.repository.findClient(clientId);
    // An unknown client costs the same scrypt work as a known one: timing does not reveal client ids.
    const matches = await verifySecret(clientSecret, found?.secretHash ?? (await decoyHash()));
    const valid = found !== undefined && !found.client.revokedAt && matches;
    if (!found || !valid) {
      this.platform.loginThrottle.recordFailure(clientId, address);
      throw new ApiError(401, [UNAUTHORIZED], 'access_denied');
    }
    const { client } = found;
    const issued = await this.platform.tokens.issue({
      tenantId: client.tenantId,
      clientId: client.clientId,
      scopes: client.scopes,
      merchants: client.merchants,
    });
    return { access_token: issued.accessToken, scope: issued.scope, expires_in: issued.expiresIn, token_type: 'Bearer' };
  }
}

function credentialsFrom(body: unknown, authorization: string | undefined): { clientId: string; clientSecret: string } {
  const fields = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const grantType = fields.grant_type;
  if (grantType !== undefined && grantType !== 'client_credentials') {
    throw new ApiError(400, ['grant_type must be client_credentials'], 'unsupported_grant_type');
  }
  const basic = basicCredentials(authorization);
  const wrongType = (['client_id', 'client_secret'] as const).filter((f) => fields[f] !== undefined && typeof fields[f] !== 'string');
  if (wrongType.length) {
    throw new ApiError(400, [`${wrongType.join(' and ')} must be ${wrongType.length > 1 ? 'strings' : 'a string'}`], 'bad_request',
      wrongType.map((field) => ({ field, message: 'must be a string' })));
  }
  const clientId = nonEmpty(fields.client_id) ?? basic?.clientId;
  const clientSecret = nonEmpty(fields.client_secret) ?? basic?.clientSecret;
  const missing = [clientId ? undefined : 'client_id', clientSecret ? undefined : 'client_secret'].filter(Boolean);
  if (!clientId || !clientSecret) {
    throw new ApiError(400, [`${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} required`], 'bad_request',
      missing.map((field) => ({ field: field!, message: 'is required' })));
  }
  return { clientId, clientSecret };
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

function basicCredentials(header: string | undefined): { clientId: string; clientSecret: string } | undefined {
  const encoded = header?.match(/^Basic\s+([A-Za-z0-9+/=]+)\s*$/i)?.[1];
  if (!encoded) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) return undefined;
  return { clientId: basicPart(decoded.slice(0, colon)), clientSecret: basicPart(decoded.slice(colon + 1)) };
}

/** RFC 6749 2.3.1: each half is percent-encoded; a bad escape or unsafe text is the client's error. */
function basicPart(encoded: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(encoded);
  } catch {
    throw ApiError.badRequest('authorization : HTTP Basic credentials have malformed percent-encoding',
      [{ field: 'authorization', message: 'HTTP Basic credentials have malformed percent-encoding' }]);
  }
  if (isUnsafeText(decoded)) {
    throw ApiError.badRequest(`authorization : ${UNSAFE_TEXT_MESSAGE}`, [{ field: 'authorization', message: UNSAFE_TEXT_MESSAGE }]);
  }
  return decoded;
}
