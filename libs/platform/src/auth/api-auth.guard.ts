import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { constantTimeEquals } from '../crypto/secret-hash';
import { ADMIN_ROUTE_KEY, MONTHLY_QUOTA_KEY } from '../http/admin-route';
import { ApiError } from '../http/api-error';
import { ERROR_SHAPE_KEY } from '../http/api-exception.filter';
import { AUTH_CONTEXT_KEY, type AuthContext } from '../http/auth-context';
import { errorShapeForPath } from '../http/error-body';
import { CORRELATION_ID_KEY } from '../http/request-ids';
import { ERROR_AREA_KEY, PUBLIC_ROUTE_KEY, REQUIRED_SCOPES_KEY, type ErrorArea } from '../http/route-metadata';
import { LOG_BINDINGS_KEY } from '../observability/logging';
import { PLATFORM_SERVICES, type PlatformServices } from '../platform-services';
import { rateLimitHeaders } from '../rate-limit/token-bucket';
import { tooManyFailedAttempts } from './login-throttle';

type Request = FastifyRequest & Record<string, unknown>;

/** Global guard: records the route's error area, then admin, public or tenant authentication. */
@Injectable()
export class ApiAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(PLATFORM_SERVICES) private readonly platform: PlatformServices,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const targets = [context.getHandler(), context.getClass()];
    const area = this.reflector.getAllAndOverride<ErrorArea | undefined>(ERROR_AREA_KEY, targets);
    request[ERROR_SHAPE_KEY] = area ?? errorShapeForPath(request.url);

    if (this.reflector.getAllAndOverride<boolean>(ADMIN_ROUTE_KEY, targets)) return this.checkAdmin(request);
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE_KEY, targets)) return true;

    // Verified before routing when the call carried credentials (configureFastify); else here.
    const auth = (request[AUTH_CONTEXT_KEY] as AuthContext | undefined) ?? await this.platform.authenticator.authenticate(request.headers, {
      requestId: request.id,
      correlationId: (request[CORRELATION_ID_KEY] as string | undefined) ?? request.id,
    });
    request[AUTH_CONTEXT_KEY] = auth;
    (request.raw as unknown as Record<string, unknown>)[LOG_BINDINGS_KEY] = { tenantId: auth.tenantId, clientId: auth.clientId };

    const tenant = await this.platform.directory.tenant(auth.tenantId);
    const perMinute = tenant?.rateLimitPerMinute ?? this.platform.options.tenantRequestsPerMinute;
    const decision = this.platform.buckets.take(`tenant:${auth.tenantId}`, perMinute);
    reply.headers(rateLimitHeaders(decision));
    if (!decision.allowed) {
      throw new ApiError(429, [`Rate limit exceeded: retry after ${decision.retryAfterSeconds} seconds`], 'too_many_requests', [], rateLimitHeaders(decision));
    }

    const required = this.reflector.getAllAndOverride<string[] | undefined>(REQUIRED_SCOPES_KEY, targets) ?? [];
    const missing = required.filter((scope) => !auth.scopes.includes(scope));
    if (missing.length) throw ApiError.forbidden(`Forbidden: the access token lacks the scope ${missing.join(' ')}`);

    const meter = this.reflector.getAllAndOverride<'shipments_list' | undefined>(MONTHLY_QUOTA_KEY, targets);
    if (meter) await this.platform.quotas.consume(auth.tenantId, meter);
    return true;
  }

  /** The admin token is a shared secret: compared in constant time, wrong guesses throttled like tokens. */
  private checkAdmin(request: Request): boolean {
    const throttle = this.platform.secretThrottle;
    const wait = throttle.retryAfterSeconds('admin', request.ip);
    if (wait > 0) throw tooManyFailedAttempts(wait);
    const expected = this.platform.options.adminToken;
    const given = request.headers.authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
    if (!expected || !given || !constantTimeEquals(given, expected)) {
      throttle.recordFailure('admin', request.ip);
      throw new ApiError(401, ['Unauthorized: the admin token is missing or wrong'], 'unauthorized');
    }
    return true;
  }
}
