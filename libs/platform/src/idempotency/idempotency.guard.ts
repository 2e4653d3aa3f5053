import { createParamDecorator, Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error';
import { AUTH_CONTEXT_KEY, type AuthContext } from '../http/auth-context';
import { PLATFORM_SERVICES, type PlatformServices } from '../platform-services';
import { requestHash } from './request-hash';

export const IDEMPOTENCY_CLAIM_KEY = 'shipledgerIdempotencyClaim';
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface IdempotencyClaim {
  tenantId: string;
  key: string;
  /** The request's method, path and canonical body, hashed: equal retries hash equal. */
  requestHash: string;
}

/**
 * Controller parameter: the Idempotency-Key this request claimed (undefined without one). A handler
 * whose effect can outlive a crash before its answer is stored uses it to recognise the retry.
 */
export const CurrentIdempotencyClaim = createParamDecorator((_data: unknown, ctx: ExecutionContext): IdempotencyClaim | undefined => {
  const request = ctx.switchToHttp().getRequest<Record<string, unknown>>();
  return request[IDEMPOTENCY_CLAIM_KEY] as IdempotencyClaim | undefined;
});

/**
 * Thrown by the guard for a retry of a completed request: ApiExceptionFilter sends the stored answer
 * (status, kept headers, body as stored) with `Idempotent-Replayed: true`, and the handler never runs.
 */
export class IdempotentReplay {
  constructor(readonly status: number, readonly headers: Record<string, string>, readonly body: string) {}
}

/**
 * Idempotency-Key on tenant POST/PUT/PATCH/DELETE calls, checked after ApiAuthGuard (the tenant is
 * known): a first request claims the key and its response is stored by the onSend hook
 * (idempotency.hooks.ts); a retry with the same request replays it without running the handler; a
 * different request with the same key, or one while the first is still running, is a 409.
 * A guard rather than an interceptor: a request without the header (most) costs one look at a header,
 * where a Nest interceptor costs every request an rxjs layer and an `AsyncResource.bind`.
 */
@Injectable()
export class IdempotencyGuard implements CanActivate {
  constructor(@Inject(PLATFORM_SERVICES) private readonly platform: PlatformServices) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest & Record<string, unknown>>();
    const header = request.headers['idempotency-key'];
    const auth = request[AUTH_CONTEXT_KEY] as AuthContext | undefined;
    if (header === undefined || !auth || !MUTATING.has(request.method)) return true;
    const key = Array.isArray(header) ? header[0] : header;
    if (!KEY_PATTERN.test(key)) {
      throw ApiError.badRequest('Idempotency-Key must be 1-255 printable characters', [{ field: 'Idempotency-Key', message: 'must be 1-255 printable characters' }]);
    }
    const hash = requestHash(request.method, request.url, request.body);
    const outcome = await this.platform.idempotency.begin(auth.tenantId, key, request.method, request.url, hash);
    switch (outcome.kind) {
      case 'new':
        request[IDEMPOTENCY_CLAIM_KEY] = { tenantId: auth.tenantId, key, requestHash: hash } satisfies IdempotencyClaim;
        return true;
      case 'replay':
        throw new IdempotentReplay(outcome.status, outcome.headers, outcome.body);
      case 'mismatch':
        throw ApiError.conflict('Idempotency-Key was already used with a different request');
      case 'in_progress':
        throw ApiError.conflict('A request with this Idempotency-Key is still in progress');
      default: {
        const unreachable: never = outcome;
        throw new Error(`Unknown idempotency outcome ${JSON.stringify(unreachable)}`);
      }
    }
  }
}
