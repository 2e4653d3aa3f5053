import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyInstance, FastifyRequest } from 'fastify';
import { constantTimeEquals } from '../crypto/secret-hash';
import { ApiError, type ApiErrorDetail } from './api-error';
import { errorShapeForPath, renderErrorBody } from './error-body';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from './json-depth';
import { unsafeTextFields } from './request-text';
import { registerJsonBodyHook } from './json-body.hook';
import { CORRELATION_ID_KEY, correlationIdFrom } from './request-ids';
import { rateLimitHeaders, type TokenBuckets } from '../rate-limit/token-bucket';
import type { Authenticator } from '../auth/authenticator';
import { AUTH_CONTEXT_KEY } from './auth-context';

export interface FastifySetupOptions {
  buckets: TokenBuckets;
  addressRequestsPerMinute: number;
  /** Requests the app sends to itself (legacy aliases) carry this header value and are not counted twice. */
  internalSecret: string;
  /** Behind a trusted proxy: refuse requests the client sent over plain HTTP (X-Forwarded-Proto). */
  requireHttps: boolean;
  /**
   * Authenticates a call that carries credentials, before routing: a call of a verified tenant counts
   * against its tenant's budget only (the auth guard reuses the result), every other call against the
   * budget of its address.
   */
  authenticator?: Pick<Authenticator, 'authenticate'>;
}

export const INTERNAL_HEADER = 'x-shipledger-internal';

/**
 * The JSON body exactly as it arrived (a string), kept on the request under this key for a handler
 * that must check a signature over the very bytes that were signed (the sandbox webhook inbox).
 */
export const RAW_BODY_KEY = 'shipledger:raw-body';

/** The request's JSON body as received, or undefined when it had none. */
export function rawBodyOf(request: unknown): string | undefined {
  const raw = (request as Record<string, unknown>)[RAW_BODY_KEY];
  return typeof raw === 'string' ? raw : undefined;
}

/** The request line and headers together may hold this many bytes (Node's default); more → 431. */
export const MAX_HEADER_BYTES = 16 * 1024;
/**
 * What the HTTP parser itself accepts (the server's maxHeaderSize): a margin above MAX_HEADER_BYTES,
 * so an oversized request still reaches the hook that answers it in its area's body shape.
 */
export const PARSER_MAX_HEADER_BYTES = 4 * MAX_HEADER_BYTES;

/**
 * Body parsing and the per-request basics that run before Nest routing: JSON only (form encoding only
 * on the token endpoint), request and correlation ids echoed back, and the per-address budget; and on
 * the way out, a JSON body on every 2xx (json-body.hook.ts).
 */
export function configureFastify(fastify: FastifyInstance, options: FastifySetupOptions): void {
  fastify.removeAllContentTypeParsers();
  const defaultJson = fastify.getDefaultJsonParser('error', 'error') as unknown as
    (request: unknown, body: string, done: (error: Error | null, value?: unknown) => void) => void;
  const parseJson = (request: FastifyRequest, body: string | Buffer, done: (error: Error | null, value?: unknown) => void) => {
    const text = String(body);
    (request as unknown as Record<string, unknown>)[RAW_BODY_KEY] = text;
    if (text.trim() === '') return done(null, undefined);
    if (jsonDepthExceeds(text)) {
      return done(ApiError.badRequest(`Request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels`, [], 'too_deep'), undefined);
    }
    defaultJson(request, text, (error, value) => {
      if (error) return done(ApiError.badRequest('Malformed JSON in the request body', [], 'malformed_json'), undefined);
      done(null, value);
    });
  };
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, parseJson);
  registerJsonBodyHook(fastify);
  fastify.addContentTypeParser(/^application\/[a-z0-9.+-]*\+json$/i, { parseAs: 'string' }, parseJson);
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
    if (request.url.split('?')[0] !== '/oauth/token') {
      return done(new ApiError(415, ['Unsupported content type: send application/json'], 'unsupported_media_type'), undefined);
    }
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  // Once for every route, after parsing and before any handler: text Postgres cannot hold never
  // reaches a command, an event or a SQL parameter (see request-text.ts).
  // Synchronous (a callback, not an async function): no promise and no extra microtask per request.
  fastify.addHook('preValidation', (request, reply, done) => {
    const details: ApiErrorDetail[] = [
      ...unsafeTextFields(request.params, ''),
      ...unsafeTextFields(request.query, ''),
      ...unsafeTextFields(request.body, ''),
    ];
    if (details.length === 0) return done();
    const error = new ApiError(400, details.map((d) => `${d.field} : ${d.message}`), 'validation_failed', details);
    reply.status(400).type('application/json').send(renderErrorBody(errorShapeForPath(request.url), error));
  });

  fastify.addHook('onRequest', async (request, reply) => {
    if (headerBytes(request) > MAX_HEADER_BYTES) {
      const error = new ApiError(431, ['Request headers too large'], 'request_header_fields_too_large');
      return reply.status(431).header('connection', 'close').type('application/json').send(renderErrorBody(errorShapeForPath(request.url), error));
    }
    const correlationId = correlationIdFrom(request.headers, request.id);
    (request as unknown as Record<string, unknown>)[CORRELATION_ID_KEY] = correlationId;
    (request.raw as unknown as { id: string }).id = request.id;
    reply.header('x-request-id', request.id).header('x-correlation-id', correlationId);
    // A legacy alias calling its replacement in-process: already checked and counted as the outer call.
    const internal = request.headers[INTERNAL_HEADER];
    if (typeof internal === 'string' && constantTimeEquals(internal, options.internalSecret)) return;
    if (options.requireHttps && request.protocol !== 'https') {
      const error = ApiError.forbidden('HTTPS is required');
      return reply.status(403).type('application/json').send(renderErrorBody(errorShapeForPath(request.url), error));
    }
    if (await verifiedTenant(request, correlationId, options.authenticator)) return;
    const decision = options.buckets.take(`address:${request.ip}`, options.addressRequestsPerMinute);
    reply.headers(rateLimitHeaders(decision));
    if (!decision.allowed) {
      const error = new ApiError(429, [`Rate limit exceeded: retry after ${decision.retryAfterSeconds} seconds`], 'too_many_requests');
      return reply.status(429).type('application/json').send(renderErrorBody(errorShapeForPath(request.url), error));
    }
  });
}

/** True when the call's credentials name a live tenant; the auth context is left on the request for the guard. */
async function verifiedTenant(request: FastifyRequest, correlationId: string, authenticator: FastifySetupOptions['authenticator']): Promise<boolean> {
  if (!authenticator || !request.headers.authorization) return false;
  try {
    const auth = await authenticator.authenticate(request.headers, { requestId: request.id, correlationId });
    (request as unknown as Record<string, unknown>)[AUTH_CONTEXT_KEY] = auth;
    return true;
  } catch {
    // The guard authenticates again and answers the precise 401/403; until then it is an anonymous call.
    return false;
  }
}

/** Errors Fastify raises before routing (a malformed URL, for one) answered in the area's body shape. */
export function frameworkErrorHandler(error: { statusCode?: number; message: string }, request: FastifyRequest, reply: { status(code: number): any }): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const apiError = new ApiError(status, [status === 400 ? 'Malformed request URL' : error.message]);
  reply.status(status).type('application/json').send(renderErrorBody(errorShapeForPath(request.url), apiError));
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers beyond even the parser's limit,
 * bytes that are not HTTP, a client too slow to send its headers) answered like every other error:
 * JSON in the body shape of the area the request line names when it can be read (else the shipping
 * shape), then the connection is closed. Headers over MAX_HEADER_BYTES but within the parser's limit
 * are answered by the onRequest hook instead, which knows the path.
 */
export function clientErrorHandler(error: ConnectionError, socket: Socket): void {
  // The parser may report the same broken request more than once: one answer per connection.
  if (error.code === 'ECONNRESET' || socket.destroyed || answeredSockets.has(socket)) return;
  answeredSockets.add(socket);
  const [status, apiError] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, new ApiError(431, ['Request headers too large'], 'request_header_fields_too_large')]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, new ApiError(408, ['Request timeout: the request was not received in time'], 'request_timeout')]
        : [400, new ApiError(400, ['Malformed HTTP request'], 'bad_request')];
  const packet = error.rawPacket as unknown;
  const body = JSON.stringify(renderErrorBody(errorShapeForPath(requestPath(Buffer.isBuffer(packet) ? packet : undefined)), apiError));
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  // Closed only once the answer is flushed (over TLS it is still being encrypted when write() returns),
  // and for good after 5 s whatever the client does.
  socket.write(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    () => socket.end(),
  );
  setTimeout(() => socket.destroy(), 5_000).unref();
}

const answeredSockets = new WeakSet<Socket>();

/** The path of the request line at the start of `packet`; '/' when there is none to read. */
function requestPath(packet: Buffer | undefined): string {
  const line = packet?.subarray(0, 2048).toString('latin1').split('\r\n', 1)[0] ?? '';
  const target = /^[A-Z]+ (\S+) HTTP\/\d\.\d$/.exec(line)?.[1];
  return target?.startsWith('/') ? target : '/';
}

/** The size of the request line and headers as sent (names, values, separators). */
function headerBytes(request: FastifyRequest): number {
  const raw = request.raw.rawHeaders;
  let bytes = request.raw.method!.length + (request.raw.url ?? '').length + 12;
  for (let i = 0; i < raw.length; i++) bytes += Buffer.byteLength(raw[i]!) + 2;
  return bytes;
}
