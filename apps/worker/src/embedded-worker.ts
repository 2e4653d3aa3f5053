import type { Database } from '@shipledger/database';
import type { EventStore } from '@shipledger/event-store';
import { startWorker, type Worker, type WorkerLogger } from '@shipledger/projections';
import { allProjectors, allReactors } from './registry';

/**
 * The worker with every registered projector and reactor: what `apps/worker/src/main.ts` runs and what
 * the API runs in-process with `--embedded-worker`. Resolves once the read-model schemas are migrated.
 */
export function startRegisteredWorker(deps: {
  database: Database;
  eventStore: EventStore;
  logger: WorkerLogger;
}): Promise<Worker> {
  return startWorker({
    ...deps,
    projectors: allProjectors(),
    reactors: allReactors(deps),
  });
}
