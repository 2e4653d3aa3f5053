import { join } from 'node:path';
import pino from 'pino';
import { provisionDemoCarrierAccounts } from '@shipledger/carriers';
import { provisionDemoConfiguration } from '@shipledger/configuration';
import { provisionDemoRouting, provisionDemoServiceLevels } from '@shipledger/routing';
import { openDatabase } from '@shipledger/database';
import { createEventStore } from '@shipledger/event-store';
import { provisionDemoWebhook } from '@shipledger/webhooks';
import { ensurePrivateDir, loadPlatformConfig, loadTlsMaterial, resolveJwtSecret } from '@shipledger/platform';
import { migrateReadModels, startWorker, type Worker } from '@shipledger/projections';
import { loadProcessConfig } from '../../worker/src/config';
import { acquireDataDirLock } from '../../worker/src/data-dir-lock';
import { allProjectors, allReactors } from '../../worker/src/registry';
import { createApiApp } from './create-api-app';
import { followerLag, parkedEventCount } from './follower-lag';
import { demoInstructions, ensureDemoCredentials, resolveAdminToken } from './embedded/demo-credentials';
import { demoSeedEnabled, seedDemoHistory } from './embedded/demo-history.seeder';

/**
 * `npm start`: the API (and with --embedded-worker the projectors and reactors) in one process, on
 * PGlite in DATA_DIR unless DATABASE_URL is set. HTTPS only: TLS_CERT_FILE/TLS_KEY_FILE, or a
 * self-signed certificate generated into DATA_DIR/tls on first start.
 */
async function main(): Promise<void> {
  const embeddedWorker = process.argv.includes('--embedded-worker');
  const config = loadPlatformConfig();
  const processConfig = loadProcessConfig();
  const logger = pino({ level: process.env.LOG_LEVEL ?? 'info' });
  ensurePrivateDir(config.dataDir);

  // PGlite serves one process: the lock makes a second api, worker or cli on this folder refuse to start.
  const dataDirLock = processConfig.databaseUrl ? undefined : acquireDataDirLock(processConfig.dataDir, 'shipledger api');
  const database = await openDatabase({ url: processConfig.databaseUrl, dataDir: processConfig.pgliteDir });
  const eventStore = createEventStore({ database, eventStoreUrl: processConfig.eventStoreUrl });
  await eventStore.init();
  const worker: Worker | undefined = embeddedWorker
    ? await startWorker({ database, eventStore, logger, projectors: allProjectors(), reactors: allReactors({ database, eventStore, logger }) })
    : undefined;
  // Without a worker in this process, the read-model tables its queries use must exist all the same.
  if (!worker) await migrateReadModels(database.kysely, allProjectors());

  const tls = await loadTlsMaterial({ certFile: config.tlsCertFile, keyFile: config.tlsKeyFile, dataDir: config.dataDir });
  const embedded = embeddedWorker && !processConfig.databaseUrl;
  const adminToken = embedded ? resolveAdminToken(config.adminToken, config.dataDir) : config.adminToken;
  const api = await createApiApp({
    database,
    eventStore,
    tls,
    jwtSecret: resolveJwtSecret(config.jwtSecret, config.dataDir),
    adminToken,
    bodyLimitBytes: config.bodyLimitBytes,
    tenantRequestsPerMinute: config.tenantRequestsPerMinute,
    addressRequestsPerMinute: config.addressRequestsPerMinute,
    trustProxy: config.trustProxy,
    logLevel: process.env.LOG_LEVEL ?? 'info',
    followerLag: followerLag(database, eventStore),
    parkedEvents: parkedEventCount(database),
    publicBaseUrl: config.publicBaseUrl,
  });
  const listening = await api.listen(config.port, config.host);
  const baseUrl = config.publicBaseUrl ?? listening;
  const lines = [`Shipledger listening on ${baseUrl} (HTTPS only)`, `TLS certificate SHA-256 fingerprint: ${tls.fingerprint}`];
  if (tls.selfSigned) lines.push(`Self-signed certificate: ${join(config.dataDir, 'tls', 'cert.pem')}`);
  if (embedded && adminToken && !config.adminToken) lines.push(`Admin token (for /admin): ${join(config.dataDir, 'secrets', 'admin-token')}`);
  let seedDemo: (() => Promise<void>) | undefined;
  const seedStop = new AbortController();
  if (embedded) {
    const { credentials } = await ensureDemoCredentials(api.platform, config.dataDir, baseUrl);
    const demoAccounts = await provisionDemoCarrierAccounts({ database, eventStore }, credentials.tenant_id);
    await provisionDemoConfiguration({ eventStore }, credentials.tenant_id);
    await provisionDemoRouting({ eventStore }, credentials.tenant_id, demoAccounts.map((account) => account.carrierAccountId));
    await provisionDemoServiceLevels({ eventStore }, credentials.tenant_id);
    await provisionDemoWebhook({ database, eventStore }, credentials.tenant_id);
    const certPath = tls.selfSigned ? join(config.dataDir, 'tls', 'cert.pem') : undefined;
    lines.push(demoInstructions(credentials, certPath, join(config.dataDir, 'demo-credentials.json')));
    if (demoSeedEnabled()) {
      seedDemo = async () => {
        const seeded = await seedDemoHistory({ database, eventStore }, credentials.tenant_id, credentials.merchant, new Date(), seedStop.signal);
        logger.info({ tenantId: credentials.tenant_id, ...seeded }, 'demo tenant history seeded');
      };
    }
  }
  lines.push(`API docs: ${baseUrl}/docs`);
  console.log(lines.join('\n'));
  // After "listening": the demo tenant's two weeks of past shipments fill in while the user reads the
  // instructions (DEMO_SEED=off skips it; a restart finds them recorded and appends nothing).
  const seeding = seedDemo?.().catch((error: unknown) => logger.warn({ err: error }, 'demo tenant history not seeded'));

  // SIGTERM/SIGINT: stop accepting (in-flight requests finish; idle keep-alive sockets close), then let
  // the worker finish or hand back its current event (reactors redeliver from their checkpoint), within
  // SHUTDOWN_DRAIN_MS. Past it the process exits anyway: nothing acknowledged is lost, because every
  // answer was given after its append committed, and unfinished reactor work is redelivered on restart.
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    const deadline = setTimeout(() => {
      logger.error({ signal, drainMs: processConfig.shutdownDrainMs }, 'drain deadline passed: exiting with the remaining work handed back');
      process.exit(1);
    }, processConfig.shutdownDrainMs);
    deadline.unref();
    await api.close();
    seedStop.abort(); // the seeder stops after its current shipment; the next start records the rest
    await seeding;
    await worker?.close();
    await eventStore.close();
    await database.close();
    dataDirLock?.release();
    logger.info({ signal, ms: Date.now() - started }, 'stopped');
    process.exit(0);
  };
  process.once('SIGINT', (signal) => void stop(signal));
  process.once('SIGTERM', (signal) => void stop(signal));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
