/**
 * npm run bench:event-store — on one Postgres (DATABASE_URL, else the test-database helper's server),
 * in one run: appends of ~1 KB events (one new stream per append) at 1 and 16 writers against raw
 * single-row INSERTs of the same payload, then a full read-all replay against a raw keyset SELECT.
 * BENCH_APPENDS / BENCH_APPENDS_SINGLE / BENCH_ROUNDS scale it. The 16-writer appends run once more
 * with group commit off (appendBatching: false), the one-statement-per-append baseline;
 * BENCH_BATCH_IN_FLIGHT sets the store's batches in flight (default: the store's own).
 */
import { createEventStore } from '@shipledger/event-store';
import { createTestDatabase } from '../../libs/testing/src/test-database';
import {
  catchUpSubscription,
  createRawTable,
  rawInsert,
  replayRaw,
  replayStore,
  runConcurrently,
  storeAppend,
} from './bench-workloads';

const APPENDS = Number(process.env.BENCH_APPENDS ?? 8000);
const APPENDS_SINGLE = Number(process.env.BENCH_APPENDS_SINGLE ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PAGE = 1000;
const IN_FLIGHT = process.env.BENCH_BATCH_IN_FLIGHT ? Number(process.env.BENCH_BATCH_IN_FLIGHT) : undefined;

interface Row {
  workload: string;
  store: number;
  raw: number;
  goal?: number;
}

/** Best of the rounds, store and raw interleaved so both see the same machine. */
async function compare(rounds: number, store: () => Promise<number>, raw: () => Promise<number>): Promise<[number, number]> {
  let bestStore = 0;
  let bestRaw = 0;
  for (let round = 0; round < rounds; round += 1) {
    bestRaw = Math.max(bestRaw, await raw());
    bestStore = Math.max(bestStore, await store());
  }
  return [bestStore, bestRaw];
}

async function main(): Promise<void> {
  const test = await createTestDatabase({ poolSize: 20 });
  const db = test.database.kysely;
  const store = createEventStore({ database: test.database, appendBatching: { maxInFlight: IN_FLIGHT } });
  const unbatched = createEventStore({ database: test.database, appendBatching: false });
  try {
    await store.init();
    await createRawTable(db);
    const server = (await db.selectNoFrom((eb) => eb.fn<string>('version', []).as('v')).executeTakeFirstOrThrow()).v;
    console.log(`Postgres: ${server.split(',')[0]}  (database ${new URL(test.url).pathname.slice(1)})`);
    console.log(`appends: ${APPENDS_SINGLE} at 1 writer, ${APPENDS} at 16 writers, best of ${ROUNDS} rounds\n`);
    await runConcurrently(300, 4, storeAppend(store));
    await runConcurrently(300, 4, rawInsert(db));

    const rows: Row[] = [];
    const [single, singleRaw] = await compare(
      ROUNDS,
      () => runConcurrently(APPENDS_SINGLE, 1, storeAppend(store)),
      () => runConcurrently(APPENDS_SINGLE, 1, rawInsert(db)),
    );
    rows.push({ workload: 'append, 1 writer', store: single, raw: singleRaw });
    const [many, manyRaw] = await compare(
      ROUNDS,
      () => runConcurrently(APPENDS, 16, storeAppend(store)),
      () => runConcurrently(APPENDS, 16, rawInsert(db)),
    );
    rows.push({ workload: 'append, 16 writers', store: many, raw: manyRaw, goal: 0.6 });
    const [manyUnbatched, manyUnbatchedRaw] = await compare(
      ROUNDS,
      () => runConcurrently(APPENDS, 16, storeAppend(unbatched)),
      () => runConcurrently(APPENDS, 16, rawInsert(db)),
    );
    rows.push({ workload: 'append, 16 writers, no group commit', store: manyUnbatched, raw: manyUnbatchedRaw });

    let replayed = 0;
    const [replay, replayRawRate] = await compare(
      ROUNDS,
      async () => {
        const [count, rate] = await replayStore(store, PAGE);
        replayed = count;
        return rate;
      },
      async () => (await replayRaw(db, PAGE))[1],
    );
    rows.push({ workload: `replay ${replayed} events (readAll)`, store: replay, raw: replayRawRate, goal: 0.5 });
    const [, catchUp] = await catchUpSubscription(store);
    rows.push({ workload: 'replay (subscription catch-up)', store: catchUp, raw: replayRawRate });
    printTable(rows);
  } finally {
    await store.close();
    await unbatched.close();
    await test.drop();
  }
}

function printTable(rows: Row[]): void {
  const format = (n: number) => Math.round(n).toLocaleString('en-US');
  console.table(
    rows.map((row) => ({
      workload: row.workload,
      'store events/s': format(row.store),
      'raw events/s': format(row.raw),
      ratio: (row.store / row.raw).toFixed(2),
      goal: row.goal === undefined ? '' : `≥ ${row.goal}`,
      met: row.goal === undefined ? '' : row.store / row.raw >= row.goal ? 'yes' : 'NO',
    })),
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
