import { randomUUID } from 'node:crypto';
import { sql, type QueryExecutorProvider } from 'kysely';
import type { EventData, EventStore } from '@shipledger/event-store';

/** A ~1 KB event: the payload both the store and the raw table receive. */
export function benchEvent(): EventData {
  return {
    id: randomUUID(),
    type: 'BenchmarkEventRecorded',
    data: { reference: randomUUID(), note: 'x'.repeat(700), lines: [{ sku: 'SKU-1', quantity: 2 }] },
    metadata: {
      tenantId: 'bench-tenant',
      actor: 'bench',
      correlationId: randomUUID(),
      causationId: randomUUID(),
      requestId: randomUUID(),
      schemaVersion: 1,
      occurredAt: new Date().toISOString(),
    },
  };
}

export async function createRawTable(db: QueryExecutorProvider): Promise<void> {
  await sql`CREATE SCHEMA IF NOT EXISTS bench`.execute(db);
  await sql`CREATE TABLE IF NOT EXISTS bench.raw_events (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    stream_id text NOT NULL, event_id uuid NOT NULL, type text NOT NULL, data json NOT NULL, metadata json NOT NULL
  )`.execute(db);
}

/** `total` operations spread over `writers` concurrent loops; returns operations per second. */
export async function runConcurrently(total: number, writers: number, operation: () => Promise<unknown>): Promise<number> {
  let remaining = total;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: writers }, async () => {
      while (remaining > 0) {
        remaining -= 1;
        await operation();
      }
    }),
  );
  return total / (Number(process.hrtime.bigint() - started) / 1e9);
}

export function storeAppend(store: EventStore): () => Promise<unknown> {
  return () => store.append(`bench-${randomUUID()}`, [benchEvent()], 'no_stream');
}

export function rawInsert(db: QueryExecutorProvider): () => Promise<unknown> {
  return () => {
    const event = benchEvent();
    return sql`INSERT INTO bench.raw_events (stream_id, event_id, type, data, metadata)
      VALUES (${`bench-${randomUUID()}`}, ${event.id}, ${event.type}, ${JSON.stringify(event.data)}, ${JSON.stringify(event.metadata)})`.execute(db);
  };
}

/** Reads every event through readAll pages; returns [events, events per second]. */
export async function replayStore(store: EventStore, pageSize: number): Promise<[number, number]> {
  const started = process.hrtime.bigint();
  let count = 0;
  for (let after: string | undefined; ; ) {
    const page = await store.readAll({ after, maxCount: pageSize });
    count += page.length;
    if (page.length < pageSize) break;
    after = page[page.length - 1].position;
  }
  return [count, count / (Number(process.hrtime.bigint() - started) / 1e9)];
}

/** The same rows through a plain keyset-paged SELECT of the raw table. */
export async function replayRaw(db: QueryExecutorProvider, pageSize: number): Promise<[number, number]> {
  const started = process.hrtime.bigint();
  let count = 0;
  for (let after = '0'; ; ) {
    const { rows } = await sql<{ cursor: string }>`SELECT r.id::text AS cursor, r.stream_id, r.event_id, r.type, r.data, r.metadata
      FROM bench.raw_events r WHERE r.id > ${after}::bigint ORDER BY r.id LIMIT ${pageSize}`.execute(db);
    count += rows.length;
    if (rows.length < pageSize) break;
    after = rows[rows.length - 1].cursor;
  }
  return [count, count / (Number(process.hrtime.bigint() - started) / 1e9)];
}

/** Catch-up of a subscription from the start to its onCaughtUp; returns events per second. */
export async function catchUpSubscription(store: EventStore): Promise<[number, number]> {
  const started = process.hrtime.bigint();
  let count = 0;
  await new Promise<void>((resolve, reject) => {
    const subscription = store.subscribeToAll({
      onEvent: async () => void (count += 1),
      onCaughtUp: () => void subscription.close().then(resolve, reject),
      onError: reject,
    });
  });
  return [count, count / (Number(process.hrtime.bigint() - started) / 1e9)];
}
