import { randomBytes, randomUUID } from 'node:crypto';
import pino from 'pino';
import { Agent, request as undiciRequest } from 'undici';
import { openDatabase, type Database } from '@shipledger/database';
import { createEventStore, type EventStore } from '@shipledger/event-store';
import { generateSelfSigned, randomSecret, TenantAdmin, type ApiScope, API_SCOPES } from '@shipledger/platform';
import { migrateReadModels, startWorker, type Worker } from '@shipledger/projections';
import { OpenApiResponseChecker, type OpenApiDocument } from './openapi-responses';
import { testAppComposition, type TestApi } from './test-app-composition';
import { createPgliteDatabase, createTestDatabase } from './test-database';

export interface TestResponse<T = any> {
  status: number;
  headers: Record<string, string>;
  /** Parsed JSON (undefined when the body is empty or not JSON). */
  body: T;
  text: string;
}

export interface TestRequestOptions {
  headers?: Record<string, string>;
  /** Sent as JSON (Content-Type: application/json unless headers say otherwise). */
  body?: unknown;
  /** Sent as is, e.g. malformed JSON or a form body; set the content type in headers. */
  rawBody?: string | Buffer;
}

export interface TestHttpClient {
  request<T = any>(method: string, path: string, options?: TestRequestOptions): Promise<TestResponse<T>>;
}

export interface TestTenant {
  tenantId: string;
  apiKey: string;
  clientId: string;
  clientSecret: string;
  merchants: string[];
  token: string;
  /** tenant-id, x-api-key and Authorization, ready to spread into request headers. */
  headers: Record<string, string>;
}

export interface CreateTestTenantOptions {
  /** Merchant ids of the tenant (fresh ids are generated when omitted: one merchant). */
  merchants?: string[];
  /** The client's scopes; every scope when omitted. */
  scopes?: readonly string[];
  /** Limit the client to these merchants (merchant:X scopes); all when omitted. */
  clientMerchants?: string[];
  legacy?: boolean;
  rateLimitPerMinute?: number;
  shipmentsListMonthlyQuota?: number;
}

/**
 * How far waitUntilCaughtUp follows what the reactors append while it waits: chains here are short
 * (booked → ready to ship → collection; document pending → complete), and the sandbox's tracking steps
 * may keep appending, so a bounded number of rounds, in a bounded time.
 */
const SETTLE_ROUNDS = 5;
const SETTLE_MS = 5_000;

export interface TestApp {
  baseUrl: string;
  http: TestHttpClient;
  api: TestApi;
  database: Database;
  eventStore: EventStore;
  adminToken: string;
  /** Authorization for the /admin API. */
  adminHeaders: Record<string, string>;
  createTenant(options?: CreateTestTenantOptions): Promise<TestTenant>;
  /**
   * Resolves when every projector and reactor has processed everything appended so far (rejects after
   * `timeoutMs` otherwise), and then what the reactors appended meanwhile, settling round after round (a
   * document's upload is marked pending by one event, then uploaded by the next), up to SETTLE_ROUNDS more
   * rounds within SETTLE_MS: those rounds never reject.
   */
  waitUntilCaughtUp(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface StartTestAppOptions {
  /** A fresh Postgres database instead of an in-memory PGlite. */
  postgres?: boolean;
  /** PGlite in this folder (on disk, as `npm start` keeps it in DATA_DIR/pglite) instead of in memory. */
  pgliteDir?: string;
  /** Run the projectors and reactors in-process (default true). */
  worker?: boolean;
  bodyLimitBytes?: number;
  addressRequestsPerMinute?: number;
  loginFailures?: { perClient: number; perAddress: number };
  /** As behind a TLS-terminating proxy: trust X-Forwarded-* and refuse what arrived over plain HTTP. */
  trustProxy?: boolean;
}

/** The whole API with the embedded worker over real HTTPS on 127.0.0.1 and a random port. */
export async function startTestApp(options: StartTestAppOptions = {}): Promise<TestApp> {
  const apps = await testAppComposition();
  const db = options.postgres ? await createTestDatabase()
    : options.pgliteDir ? await pgliteOnDisk(options.pgliteDir) : await createPgliteDatabase();
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const eventStore = createEventStore({ database: db.database });
  await eventStore.init();
  const worker: Worker | undefined = options.worker === false ? undefined : await startWorker({
    database: db.database,
    eventStore,
    logger,
    projectors: apps.allProjectors(),
    reactors: apps.allReactors({ database: db.database, eventStore, logger }),
    retryBaseMs: 20,
    idlePollMs: 200,
  });
  // As `npm start` does without a worker: the read models' tables exist for the API's queries.
  if (!worker) await migrateReadModels(db.database.kysely, apps.allProjectors());
  const adminToken = randomSecret(24);
  const tls = await generateSelfSigned();
  const api = await apps.createApiApp({
    database: db.database,
    eventStore,
    tls,
    jwtSecret: randomSecret(32),
    adminToken,
    bodyLimitBytes: options.bodyLimitBytes,
    addressRequestsPerMinute: options.addressRequestsPerMinute ?? 1_000_000,
    loginFailures: options.loginFailures,
    trustProxy: options.trustProxy,
    followerLag: apps.followerLag(db.database, eventStore),
    parkedEvents: apps.parkedEventCount(db.database),
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
  });
  const baseUrl = await api.listen(0, '127.0.0.1');
  const agent = new Agent({ connect: { ca: tls.cert, servername: 'localhost' } });
  const http = httpClient(baseUrl, agent);
  const admin = new TenantAdmin(api.platform.repository, api.platform.directory);

  return {
    baseUrl,
    http,
    api,
    database: db.database,
    eventStore,
    adminToken,
    adminHeaders: { authorization: `Bearer ${adminToken}` },
    async createTenant(tenantOptions = {}) {
      const merchants = tenantOptions.merchants ?? [`M${randomBytes(4).toString('hex')}`];
      const created = await admin.createTenant({
        tenantId: `T${randomUUID().replace(/-/g, '').slice(0, 16)}`,
        name: 'Test tenant',
        merchants: merchants.map((merchantId) => ({ merchantId, name: merchantId })),
        settings: {
          legacyCompatibility: tenantOptions.legacy ?? false,
          rateLimitPerMinute: tenantOptions.rateLimitPerMinute ?? null,
          shipmentsListMonthlyQuota: tenantOptions.shipmentsListMonthlyQuota ?? null,
        },
      });
      const client = await admin.createClient(created.tenant_id, {
        name: 'test client',
        scopes: [...(tenantOptions.scopes ?? (API_SCOPES as readonly ApiScope[]))],
        merchants: tenantOptions.clientMerchants ?? [],
      });
      const tokenResponse = await http.request('POST', '/oauth/token', { body: { client_id: client.client_id, client_secret: client.client_secret } });
      if (tokenResponse.status !== 200) throw new Error(`Token request failed: ${tokenResponse.status} ${tokenResponse.text}`);
      const token = tokenResponse.body.access_token as string;
      return {
        tenantId: created.tenant_id,
        apiKey: created.api_key,
        clientId: client.client_id,
        clientSecret: client.client_secret,
        merchants,
        token,
        headers: { 'tenant-id': created.tenant_id, 'x-api-key': created.api_key, authorization: `Bearer ${token}` },
      };
    },
    async waitUntilCaughtUp(timeoutMs = 20_000) {
      if (!worker) throw new Error('startTestApp({worker: false}) runs no worker');
      let head = await eventStore.headPosition();
      await worker.waitUntilCaughtUp({ timeoutMs });
      const settleBy = Date.now() + SETTLE_MS;
      for (let round = 0; round < SETTLE_ROUNDS && Date.now() < settleBy; round += 1) {
        const now = await eventStore.headPosition();
        if (now === head) return;
        head = now;
        const settled = await worker.waitUntilCaughtUp({ timeoutMs: Math.max(1, settleBy - Date.now()) }).then(() => true, () => false);
        if (!settled) return;
      }
    },
    async close() {
      await api.close();
      await worker?.close();
      await agent.close();
      await eventStore.close();
      await db.drop();
    },
  };
}

function httpClient(baseUrl: string, agent: Agent): TestHttpClient {
  let checker: Promise<OpenApiResponseChecker> | undefined;
  const documentChecker = () => (checker ??= undiciRequest(`${baseUrl}/docs/openapi.json`, { dispatcher: agent })
    .then((response) => response.body.json())
    .then((document) => new OpenApiResponseChecker(document as OpenApiDocument)));
  return {
    async request(method, path, options = {}) {
      const headers: Record<string, string> = { ...(options.headers ?? {}) };
      let body: string | Buffer | undefined;
      if (options.rawBody !== undefined) body = options.rawBody;
      else if (options.body !== undefined) {
        body = JSON.stringify(options.body);
        if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
      }
      const response = await undiciRequest(`${baseUrl}${path}`, { method: method as any, headers, body, dispatcher: agent });
      const text = await response.body.text();
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      const flatHeaders: Record<string, string> = {};
      for (const [name, value] of Object.entries(response.headers)) {
        if (value !== undefined) flatHeaders[name] = Array.isArray(value) ? value.join(', ') : String(value);
      }
      if (!path.startsWith('/docs')) {
        const problems = (await documentChecker()).check(method, path, response.statusCode, flatHeaders['content-type'], parsed);
        if (problems.length) throw new Error(`The answer does not match the OpenAPI document:\n${problems.join('\n')}`);
      }
      return { status: response.statusCode, headers: flatHeaders, body: parsed as any, text };
    },
  };
}

async function pgliteOnDisk(dataDir: string): Promise<{ database: Database; drop(): Promise<void> }> {
  const database = await openDatabase({ dataDir });
  return { database, drop: () => database.close() };
}
