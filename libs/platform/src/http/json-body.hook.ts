import type { FastifyInstance } from 'fastify';

/**
 * Every 2xx has a JSON body: a handler that answers nothing (or `null`) answers `{}`, never an empty 200.
 * A Fastify onSend hook rather than a Nest interceptor: it costs a comparison per response instead of an
 * rxjs layer per request. Registered before the idempotency hook, so a stored answer is the `{}` too.
 * 204, HEAD and non-2xx answers pass as they are.
 */
export function registerJsonBodyHook(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    const status = reply.statusCode;
    if (status < 200 || status >= 300 || status === 204 || request.method === 'HEAD') return done(null, payload);
    const empty = payload === undefined || payload === null
      || (payload === 'null' && String(reply.getHeader('content-type') ?? '').startsWith('application/json'));
    if (!empty) return done(null, payload);
    reply.type('application/json; charset=utf-8');
    done(null, '{}');
  });
}
