/**
 * BENCH_PROJECTORS=process: the bench's projectors in a process of their own, on the API's database (as
 * `npm run start:worker` runs them beside `npm run start:api`, without the reactors, like the bench's
 * default). Forked by api-process.ts; answers 'wait-caught-up' and 'close' over IPC.
 * BENCH_PROJECTOR_NICE=n (an integer from -20 to 19): the process runs at that CPU priority, to measure
 * whether read models that yield the cores to the API take their cost off a burst of creates.
 */
import { setPriority } from 'node:os';
import pino from 'pino';
import { startWorker } from '@shipledger/projections';
import { loadProcessConfig } from '../../apps/worker/src/config';
import { openProcessResources } from '../../apps/worker/src/process-resources';
import { allProjectors } from '../../apps/worker/src/registry';

async function main(): Promise<void> {
  const nice = process.env.BENCH_PROJECTOR_NICE;
  if (nice) {
    const priority = Number(nice);
    if (!Number.isInteger(priority) || priority < -20 || priority > 19) throw new Error(`BENCH_PROJECTOR_NICE: an integer from -20 to 19, not ${nice}`);
    setPriority(priority);
  }
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
