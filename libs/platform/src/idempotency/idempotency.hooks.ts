import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IdempotencyStore } from './idempotency.store';
import { IDEMPOTENCY_CLAIM_KEY, type IdempotencyClaim } from './idempotency.guard';

const KEPT_HEADERS = ['content-type', 'location', 'deprecation', 'link'];

/**
 * Stores the final response of a claimed Idempotency-Key, or releases the claim on a 5xx. A callback
 * hook: a response without a claim (most) passes at once, with no promise made for it.
 */
export function registerIdempotencyHooks(fastify: FastifyInstance, store: IdempotencyStore): void {
  fastify.addHook('onSend', (request: FastifyRequest, reply, payload, done) => {
    const claim = (request as unknown as Record<string, unknown>)[IDEMPOTENCY_CLAIM_KEY] as IdempotencyClaim | undefined;
    if (!claim) return done(null, payload);
    (request as unknown as Record<string, unknown>)[IDEMPOTENCY_CLAIM_KEY] = undefined;
    storeOrRelease(request, reply, payload, claim, store).then(() => done(null, payload), (error: Error) => done(error));
  });
}

/** The answer stored under the claimed key, or the claim released (a 5xx, a body that is not text). */
async function storeOrRelease(request: FastifyRequest, reply: FastifyReply, payload: unknown, claim: IdempotencyClaim, store: IdempotencyStore): Promise<void> {
  if (reply.statusCode >= 500 || typeof payload !== 'string') {
    await store.release(claim.tenantId, claim.key);
    return;
  }
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = String(value);
  }
  try {
    await store.complete(claim.tenantId, claim.key, reply.statusCode, headers, payload);
  } catch (error) {
    // The call itself succeeded: answer it, and leave the key free rather than stuck "in progress".
    request.log.error({ err: error }, 'Could not store the idempotent response');
    await store.release(claim.tenantId, claim.key).catch(() => undefined);
  }
}
