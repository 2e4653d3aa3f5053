import type { Database } from '@shipledger/database';
import type { EventStore } from '@shipledger/event-store';
import { projectionStatus } from '@shipledger/projections';
import { allProjectors, allReactors } from '../../worker/src/registry';

/** Lag of every projector and reactor in events (capped at 1000), for the /metrics gauge. */
export function followerLag(database: Database, eventStore: EventStore): () => Promise<Array<{ name: string; lag: number }>> {
  const logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
  return async () => {
    const report = await projectionStatus({
      database,
      eventStore,
      projectors: allProjectors(),
      reactors: allReactors({ database, eventStore, logger }),
      lagLimit: 1000,
    });
    return report.followers.map((f) => ({ name: `${f.kind}:${f.name}`, lag: f.lag }));
  };
}
