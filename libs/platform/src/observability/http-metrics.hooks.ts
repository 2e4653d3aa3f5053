import type { FastifyInstance } from 'fastify';
import { httpRequestDuration, httpRequests } from './metrics';

/** Request rate and latency by route template (never the raw URL: ids would explode the labels). */
export function registerHttpMetricsHooks(fastify: FastifyInstance): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    httpRequests.inc(labels);
    httpRequestDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}
