import type { Database } from '@shipledger/database';
import type { EventStore } from '@shipledger/event-store';
import { countParkedEvents, projectionStatus } from '@shipledger/projections';
import { allProjectors, allReactors } from '../../worker/src/registry';

/** Lag (in events, capped at 1000) and parked events of every projector and reactor, for /metrics. */
export function followerLag(database: Database, eventStore: EventStore): () => Promise<Array<{ name: string; lag: number; parked: number }>> {
  const logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
  return async () => {
    const report = await projectionStatus({
      database,
      eventStore,
      projectors: allProjectors(),
      reactors: allReactors({ database, eventStore, logger }),
      lagLimit: 1000,
    });
    return report.followers.map((f) => ({ name: `${f.kind}:${f.name}`, lag: f.lag, parked: f.parked }));
  };
}

/** Parked events of all projectors and reactors together, for /health. */
export function parkedEventCount(database: Database): () => Promise<number> {
  return async () => {
    let total = 0;
    for (const n of (await countParkedEvents(database.kysely)).values()) total += n;
    return total;
  };
}
