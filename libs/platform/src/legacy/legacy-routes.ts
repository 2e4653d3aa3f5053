import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error';
import { renderErrorBody } from '../http/error-body';
import { CORRELATION_ID_KEY } from '../http/request-ids';
import { INTERNAL_HEADER } from '../http/fastify-setup';
import type { PlatformServices } from '../platform-services';
import { describeReplacement, fillPath, REMOVAL_DATE, REMOVED_ENDPOINTS, type RemovedEndpoint } from './removed-endpoints';

const DROPPED_REQUEST_HEADERS = new Set(['host', 'content-length', 'connection', 'transfer-encoding', 'expect']);
const DROPPED_RESPONSE_HEADERS = new Set(['content-length', 'connection', 'transfer-encoding', 'date', 'keep-alive']);
const DEPRECATION = `@${Math.floor(REMOVAL_DATE.getTime() / 1000)}`;

/**
 * The removed endpoints: 410 Gone naming the replacement, or — for a tenant with legacy compatibility —
 * an alias that runs the replacement route in-process (same auth, validation, idempotency) and adds
 * Deprecation and Link headers. Registered after the contexts' routes; a route a context still serves
 * (e.g. PUT /shipments/{id}/parcels) is left to it.
 */
export function registerLegacyRoutes(fastify: FastifyInstance, platform: PlatformServices, internalSecret: string): void {
  for (const endpoint of REMOVED_ENDPOINTS) {
    if (fastify.hasRoute({ method: endpoint.method, url: endpoint.path })) continue;
    fastify.route({
      method: endpoint.method,
      url: endpoint.path,
      handler: (request, reply) => answer(fastify, platform, internalSecret, endpoint, request, reply),
    });
  }
}

async function answer(
  fastify: FastifyInstance, platform: PlatformServices, internalSecret: string,
  endpoint: RemovedEndpoint, request: FastifyRequest, reply: FastifyReply,
): Promise<unknown> {
  const params = request.params as Record<string, string>;
  const successor = endpoint.replacement ? fillPath(endpoint.replacement.path, params) : undefined;
  const successorQuery = endpoint.replacement?.query ? `?${new URLSearchParams(endpoint.replacement.query)}` : '';
  const link = `<${successor}${successorQuery}>; rel="successor-version"`;
  try {
    const auth = await platform.authenticator.authenticate(request.headers, {
      requestId: request.id,
      correlationId: String((request as unknown as Record<string, unknown>)[CORRELATION_ID_KEY] ?? request.id),
    });
    const tenant = await platform.directory.tenant(auth.tenantId);
    if (!endpoint.replacement || !successor || !tenant?.legacyCompatibility) {
      const message = `${endpoint.method} ${endpoint.path.replace(/:shipment_id/g, '{shipment_id}')} was removed on 30 June 2022; use ${describeReplacement(endpoint)}`;
      if (successor) reply.header('link', link);
      throw new ApiError(410, [message], 'gone');
    }
    const query = new URLSearchParams(request.query as Record<string, string>);
    for (const [k, v] of Object.entries(endpoint.replacement.query ?? {})) query.set(k, v);
    const headers: Record<string, string> = { [INTERNAL_HEADER]: internalSecret, 'x-request-id': request.id };
    for (const [name, value] of Object.entries(request.headers)) {
      if (!DROPPED_REQUEST_HEADERS.has(name) && name !== INTERNAL_HEADER && typeof value === 'string') headers[name] = value;
    }
    const payload = aliasBody(request.body);
    if (payload === undefined) delete headers['content-type'];
    else headers['content-type'] = 'application/json';
    const response = await fastify.inject({
      method: endpoint.replacement.method,
      url: `${successor}${query.size ? `?${query}` : ''}`,
      headers,
      payload,
    });
    for (const [name, value] of Object.entries(response.headers)) {
      if (!DROPPED_RESPONSE_HEADERS.has(name) && value !== undefined) reply.header(name, value);
    }
    return reply
      .header('deprecation', DEPRECATION)
      .header('sunset', REMOVAL_DATE.toUTCString())
      .header('link', link)
      .status(response.statusCode)
      .send(response.body);
  } catch (exception) {
    const error = exception instanceof ApiError ? exception : new ApiError(500, ['Internal server error']);
    if (!(exception instanceof ApiError)) request.log.error({ err: exception }, 'Legacy alias failed');
    return reply.status(error.status).type('application/json').send(renderErrorBody('shipping', error));
  }
}

/** Optional bodies may arrive absent, `{}` or `[]` (PHP's empty map): all mean "no fields". */
function aliasBody(body: unknown): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (Array.isArray(body) && body.length === 0) return '{}';
  return JSON.stringify(body);
}
