import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { rootCertificates } from 'node:tls';
import { request } from 'undici';
import { addressLiteral, addressRefusal } from './outbound-address';
import type { OutboundConfig } from './outbound-config';
import { OutboundPool } from './outbound-pool';

/** Name → addresses. The default asks the system resolver (hosts file included); tests inject their own. */
export type OutboundResolver = (hostname: string) => Promise<LookupAddress[]>;

export type OutboundFailure =
  | 'url_invalid' | 'address_refused' | 'unresolvable' | 'redirect' | 'response_too_large' | 'timeout' | 'connect_failed';

const TRANSIENT: ReadonlySet<OutboundFailure> = new Set(['unresolvable', 'timeout', 'connect_failed']);

/**
 * A call that did not produce an answer the caller may use. The message is ours and short: it never
 * holds the remote body, so it may be logged or shown to the tenant.
 */
export class OutboundError extends Error {
  override readonly name = 'OutboundError';
  constructor(readonly failure: OutboundFailure, message: string) {
    super(message);
  }

  /** Worth trying again later (the far side or the network may recover); otherwise the setup is wrong. */
  get transient(): boolean {
    return TRANSIENT.has(this.failure);
  }
}

export interface OutboundRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Tighter than the configured bound, never looser. */
  maxResponseBytes?: number;
  /** Tighter than the configured bound, never looser. */
  timeoutMs?: number;
}

export interface OutboundResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A URL that passed the rules, with the one address the call will connect to. */
export interface CheckedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
  /** Set when the URL is one of this service's own allowed routes (see OwnServiceRoute). */
  ownService?: OwnServiceRoute;
}

/**
 * The one exception to the address rules: a path of this very service (the sandbox webhook inbox),
 * named by the service's own origin. Only URLs whose origin is exactly `origin`, with no query or
 * fragment and whose path matches `path` whole, pass; the call then goes to the service's own listening
 * socket (`address`), never to what the name resolves to, and trusts `ca` (its own certificate) for
 * that call only. Every other URL on the same host, and every other loopback URL, is refused as before.
 */
export interface OwnServiceRoute {
  /** `https://host:port` as the service names itself (its listening or public base URL). */
  origin: string;
  /** The allowed paths; anchored by the client (the whole path must match). */
  path: RegExp;
  /** The service's listening address (an IP literal) and its family. */
  address: string;
  family: 4 | 6;
  /** The service's certificate (PEM), trusted for these calls only. */
  ca?: string;
}

export interface OutboundClientOptions {
  config: OutboundConfig;
  resolver?: OutboundResolver;
  /** Extra trusted CA certificates (PEM), e.g. a test server's; on-premise setups can use NODE_EXTRA_CA_CERTS. */
  ca?: string | string[];
}

const MAX_URL_LENGTH = 2048;
const systemResolver: OutboundResolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * The one way to call a URL a tenant supplied (HTTP carriers, webhooks). The host is resolved once and
 * every address it resolves to must pass the address rules (outbound-address.ts); the connection then
 * goes to the first of those very addresses (a pinned lookup), so a second DNS answer cannot redirect
 * it (DNS rebinding). Redirects are not followed (a 3xx is an error), the answer body is read up to a
 * bound and the whole exchange runs under a deadline. Connections are kept alive in a bounded pool
 * keyed by (origin, checked address, CA set) (outbound-pool.ts): every call is still resolved and
 * checked first, and only reuses a connection to the very address it was checked for.
 */
export class OutboundClient {
  private readonly resolver: OutboundResolver;
  private readonly ownRoutes = new Set<OwnServiceRoute>();
  /** Own-service routes name their CA set in the pool key by this id. */
  private readonly routeIds = new WeakMap<OwnServiceRoute, string>();
  private nextRouteId = 0;
  private readonly pool: OutboundPool;

  constructor(private readonly options: OutboundClientOptions) {
    this.resolver = options.resolver ?? systemResolver;
    this.pool = new OutboundPool(options.config);
  }

  /** How many (origin, address, CA) pools are open (metrics, tests). */
  get pooledOrigins(): number {
    return this.pool.size;
  }

  /** Shutdown: closes every kept-alive connection. The client still works afterwards (new pools open). */
  close(): Promise<void> {
    return this.pool.close();
  }

  /**
   * Lets calls reach one route of this service itself (known only once it listens); answers the
   * function that takes the allowance back (the service closes).
   */
  allowOwnService(route: OwnServiceRoute): () => void {
    const anchored: OwnServiceRoute = { ...route, origin: new URL(route.origin).origin, path: new RegExp(`^(?:${route.path.source})$`) };
    const id = `own-${this.nextRouteId++}`;
    this.ownRoutes.add(anchored);
    this.routeIds.set(anchored, id);
    return () => {
      this.ownRoutes.delete(anchored);
      this.pool.closeWhere(id);
    };
  }

  /** Checks a URL without calling it (account and subscription validation); throws OutboundError. */
  async check(rawUrl: string, signal?: AbortSignal): Promise<CheckedTarget> {
    const url = parseUrl(rawUrl);
    const own = this.ownRouteOf(url);
    if (own) return { url, address: own.address, family: own.family, ownService: own };
    const literal = addressLiteral(url.hostname);
    const addresses = literal !== undefined
      ? [{ address: literal, family: literal.includes(':') ? 6 : 4 }]
      : await this.resolve(url.hostname, signal ?? AbortSignal.timeout(this.options.config.totalTimeoutMs));
    for (const { address } of addresses) {
      const refusal = addressRefusal(address, this.options.config.allowedCidrs);
      if (refusal) throw new OutboundError('address_refused', `The host resolves to a ${refusal} address, which is not allowed`);
    }
    const first = addresses[0]!;
    return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
  }

  /** The URL is parsed and normalised already (dot segments resolved, default port dropped). */
  private ownRouteOf(url: URL): OwnServiceRoute | undefined {
    if (url.search !== '' || url.hash !== '') return undefined;
    for (const route of this.ownRoutes) if (url.origin === route.origin && route.path.test(url.pathname)) return route;
    return undefined;
  }

  async send(call: OutboundRequest): Promise<OutboundResponse> {
    const { config } = this.options;
    const timeoutMs = Math.min(call.timeoutMs ?? config.totalTimeoutMs, config.totalTimeoutMs);
    const maxBytes = Math.min(call.maxResponseBytes ?? config.maxResponseBytes, config.maxResponseBytes);
    const signal = AbortSignal.timeout(timeoutMs);
    const target = await this.check(call.url, signal);
    const ca = trustedCas(this.options.ca, target.ownService?.ca);
    const caKey = (target.ownService && this.routeIds.get(target.ownService)) ?? 'configured';
    const agent = this.pool.dispatcherFor({ origin: target.url.origin, address: target.address, family: target.family, caKey, ...(ca ? { ca } : {}) });
    const response = await request(target.url, {
      dispatcher: agent, method: call.method, headers: call.headers, body: call.body, signal,
    }).catch((error: unknown) => { throw failureOf(error, signal); });
    if (response.statusCode >= 300 && response.statusCode < 400) {
      discard(response.body);
      throw new OutboundError('redirect', `The far side answered ${response.statusCode} (redirects are not followed)`);
    }
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      discard(response.body);
      throw new OutboundError('response_too_large', `The answer is larger than ${maxBytes} bytes`);
    }
    const body = await readBounded(response.body, maxBytes).catch((error: unknown) => { throw failureOf(error, signal); });
    return { status: response.statusCode, headers: response.headers, body };
  }

  private async resolve(hostname: string, signal: AbortSignal): Promise<LookupAddress[]> {
    const aborted = new Promise<never>((_, reject) => {
      signal.addEventListener('abort', () => reject(new OutboundError('timeout', 'The host name did not resolve in time')), { once: true });
    });
    try {
      const addresses = await Promise.race([this.resolver(hostname), aborted]);
      if (addresses.length === 0) throw new OutboundError('unresolvable', 'The host name does not resolve');
      return addresses;
    } catch (error) {
      if (error instanceof OutboundError) throw error;
      throw new OutboundError('unresolvable', 'The host name does not resolve');
    }
  }
}

function parseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundError('url_invalid', 'Not an absolute URL');
  }
  if (raw.length > MAX_URL_LENGTH) throw new OutboundError('url_invalid', `The URL is longer than ${MAX_URL_LENGTH} characters`);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new OutboundError('url_invalid', 'Only http and https URLs are allowed');
  if (url.username !== '' || url.password !== '') throw new OutboundError('url_invalid', 'The URL must not carry credentials');
  return url;
}

/**
 * The CAs of one call: the configured ones; for a call to the service's own route also its own
 * certificate, next to the public roots (Node's `ca` replaces them, and a CA-issued certificate of the
 * service needs them).
 */
function trustedCas(extra: string | string[] | undefined, own: string | undefined): string | string[] | undefined {
  return own ? [...rootCertificates, ...[extra ?? []].flat(), own] : extra;
}

type Body = AsyncIterable<Buffer> & { destroy(): unknown; on(event: 'error', listener: () => void): unknown };

/** Stops reading and closes the connection; the abort it causes is expected, not an unhandled error. */
function discard(body: Body): void {
  body.on('error', () => undefined);
  body.destroy();
}

async function readBounded(body: Body, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) {
      discard(body);
      throw new OutboundError('response_too_large', `The answer is larger than ${maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function failureOf(error: unknown, signal: AbortSignal): OutboundError {
  if (error instanceof OutboundError) return error;
  if (signal.aborted) return new OutboundError('timeout', 'The far side did not answer in time');
  const code = (error as { code?: string }).code;
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return new OutboundError('timeout', 'The far side did not answer in time');
  }
  return new OutboundError('connect_failed', `The call failed${code ? ` (${code})` : ''}`);
}
