/**
 * Figures for the README (read models section): how fast a projector catches up, per batch
 * size, and how long a rebuild beside the live model takes.
 *   node -r ./tools/register.js test/projections/bench/catch-up.bench.ts [pglite|postgres] [parcels]
 */
import { rebuildProjector, startWorker } from '@shipledger/projections';
import { appendParcels } from '../support/parcel-events';
import { parcelProjector } from '../support/parcel-projector';
import { quietLogger } from '../support/quiet-logger';
import { type DatabaseKind } from '../../../libs/testing/src/test-database';
import { openTestStore } from '../../../libs/testing/src/test-store';

async function main(): Promise<void> {
  const kind = (process.argv[2] ?? 'pglite') as DatabaseKind;
  const parcels = Number(process.argv[3] ?? 2000);
  const store = await openTestStore(kind);
  try {
    let started = Date.now();
    await appendParcels(store.eventStore, parcels);
    const events = parcels * 5;
    report(`${kind}: appended ${events} events`, events, started);

    for (const batchSize of [1, 100, 500]) {
      const worker = await startWorker({
        database: store.database,
        eventStore: store.eventStore,
        logger: quietLogger,
        projectors: [parcelProjector()],
        reactors: [],
        batchSize,
      });
      started = Date.now();
      await worker.waitUntilCaughtUp();
      report(`${kind}: caught up, batch ${batchSize}`, events, started);
      await worker.close();
    }

    started = Date.now();
    await rebuildProjector({ database: store.database, eventStore: store.eventStore, projector: parcelProjector(), batchSize: 1000 });
    report(`${kind}: rebuild (count + replay + swap), batch 1000`, events, started);
  } finally {
    await store.close();
  }
}

function report(label: string, events: number, since: number): void {
  const seconds = (Date.now() - since) / 1000;
  console.log(`${label}: ${seconds.toFixed(2)} s (${Math.round(events / seconds)} events/s)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
