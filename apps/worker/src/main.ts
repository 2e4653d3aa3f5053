import pino from 'pino';
import { loadProcessConfig } from './config';
import { startRegisteredWorker } from './embedded-worker';
import { openProcessResources } from './process-resources';

/** The worker process: projectors and reactors, no HTTP. `npm run start:worker`. */
async function main(): Promise<void> {
  const logger = pino({ name: 'worker', level: process.env.LOG_LEVEL ?? 'info' });
  const config = loadProcessConfig();
  const resources = await openProcessResources(config, 'shipledger worker');
  logger.info(`worker using ${resources.describe()}`);
  const worker = await startRegisteredWorker({ ...resources, logger });

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn(`${signal} again: exiting at once`);
      process.exit(1);
    }
    stopping = true;
    logger.info(`${signal}: finishing the current batches`);
    // Past the drain deadline, exit anyway: reactors redeliver unfinished events from their checkpoints.
    setTimeout(() => {
      logger.error(`drain deadline of ${config.shutdownDrainMs} ms passed: exiting with the remaining work handed back`);
      process.exit(1);
    }, config.shutdownDrainMs).unref();
    await worker.close();
    await resources.close();
    process.exit(0);
  };
  process.on('SIGINT', (s) => void stop(s));
  process.on('SIGTERM', (s) => void stop(s));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
