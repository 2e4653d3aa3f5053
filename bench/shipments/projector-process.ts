/**
 * BENCH_PROJECTORS=process: the bench's projectors in a process of their own, on the API's database (as
 * `npm run start:worker` runs them beside `npm run start:api`, without the reactors, like the bench's
 * default). Forked by api-process.ts; answers 'wait-caught-up' and 'close' over IPC.
 */
import pino from 'pino';
import { startWorker } from '@shipledger/projections';
import { loadProcessConfig } from '../../apps/worker/src/config';
import { openProcessResources } from '../../apps/worker/src/process-resources';
import { allProjectors } from '../../apps/worker/src/registry';

async function main(): Promise<void> {
  const resources = await openProcessResources(loadProcessConfig(), 'bench projector process');
  const worker = await startWorker({ ...resources, logger: pino({ level: 'silent' }), projectors: allProjectors(), reactors: [] });
  process.on('message', (message: { type: string; timeoutMs?: number }) => {
    void (async () => {
      if (message.type === 'wait-caught-up') {
        await worker.waitUntilCaughtUp({ timeoutMs: message.timeoutMs });
        process.send?.({ type: 'caught-up' });
      } else if (message.type === 'close') {
        await worker.close();
        await resources.close();
        process.exit(0);
      }
    })().catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  });
  process.send?.({ type: 'ready' });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
