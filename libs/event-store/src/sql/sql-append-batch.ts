import { sql, type Kysely } from 'kysely';
import { PREPARED } from './prepared';
import type { EventStoreTables } from './event-store-tables';
import type { AppendResult, EventData } from '../event-store.port';
import { encodeSqlPosition } from './sql-position';

/** One append of a batch: a new stream, or a stream at exactly `expected`. */
export interface BatchedAppend {
  streamId: string;
  events: EventData[];
  expected: 'no_stream' | number;
}

interface BatchRow {
  stream_id: string;
  transaction_id: string;
  event_position: string;
}

/**
 * Appends to DISTINCT streams in one statement, so one round trip and one commit. Per append, in
 * order: its result, or undefined when its stream was not where it expected (it exists for
 * 'no_stream', or it is not at the expected revision) — then nothing of that append was written and
 * the single-append path must decide (idempotent retry or WrongExpectedRevisionError). Any error
 * (a duplicate event id, a deadlock, …) rolls the whole statement back: nothing of the batch was
 * written.
 *
 * Invariants, as in createStream/extendStream of sql-append.ts:
 * - locked: existing streams' rows are locked FOR UPDATE in stream_id order (the sort runs below
 *   the locking), and moved UPDATEs only rows it locked, matching only while the committed row still
 *   holds the expected revision (READ COMMITTED re-checks the newest version after a wait).
 * - created: new streams' rows are inserted in stream_id order; a stream that exists, or that a
 *   concurrent creator commits first (the insert waits on the key), is skipped, not raised.
 * - Events are inserted only for the streams moved or created here, right after the revision each
 *   expected, in batch order — so revisions stay gapless and position grows with revision. All of
 *   them share this statement's transaction id, which the global order and visible_horizon() allow.
 * Other batches take their locks in the same order (moved is read before created in the UNION ALL),
 * so batches do not deadlock one another in the common case; if they ever do, Postgres aborts one
 * and its appends take the single path. Correctness never rests on the lock order.
 */
export async function appendBatch(db: Kysely<EventStoreTables>, appends: BatchedAppend[]): Promise<Array<AppendResult | undefined>> {
  const events = appends.flatMap((append) => append.events.map((event, index) => ({ streamId: append.streamId, index, event })));
  const { rows } = await sql<BatchRow>`${PREPARED}WITH batch AS (
      SELECT * FROM unnest(${appends.map((append) => append.streamId)}::text[],
        ${appends.map((append) => (append.expected === 'no_stream' ? -1 : append.expected))}::bigint[],
        ${appends.map((append) => append.events.length)}::bigint[]) AS b(stream_id, expected, count)
    ),
    locked AS (
      SELECT s.stream_id, b.expected, b.count FROM event_store.streams s JOIN batch b ON b.stream_id = s.stream_id
       WHERE b.expected >= 0 ORDER BY s.stream_id FOR UPDATE OF s
    ),
    moved AS (
      UPDATE event_store.streams s SET revision = l.expected + l.count FROM locked l
       WHERE s.stream_id = l.stream_id AND s.revision = l.expected
      RETURNING s.stream_id, l.expected + 1 AS first
    ),
    created AS (
      INSERT INTO event_store.streams (stream_id, revision)
      SELECT b.stream_id, b.count - 1 FROM batch b WHERE b.expected = -1 ORDER BY b.stream_id
      ON CONFLICT (stream_id) DO NOTHING
      RETURNING stream_id, 0::bigint AS first
    )
    INSERT INTO event_store.events (stream_id, revision, event_id, type, data, metadata)
    SELECT w.stream_id, w.first + x.n, x.id, x.type, x.data, x.metadata
      FROM (SELECT * FROM moved UNION ALL SELECT * FROM created) w
      JOIN unnest(${events.map((row) => row.streamId)}::text[], ${events.map((row) => row.index)}::bigint[],
        ${events.map((row) => row.event.id)}::uuid[], ${events.map((row) => row.event.type)}::text[],
        ${events.map((row) => JSON.stringify(row.event.data))}::json[], ${events.map((row) => JSON.stringify(row.event.metadata))}::json[])
        WITH ORDINALITY AS x(stream_id, n, id, type, data, metadata, ord) ON x.stream_id = w.stream_id
     ORDER BY x.ord
    RETURNING stream_id, transaction_id::text AS transaction_id, position::text AS event_position`.execute(db);

  const last = new Map<string, BatchRow>();
  for (const row of rows) {
    const seen = last.get(row.stream_id);
    if (!seen || BigInt(row.event_position) > BigInt(seen.event_position)) last.set(row.stream_id, row);
  }
  return appends.map((append) => {
    const row = last.get(append.streamId);
    if (!row) return undefined;
    const first = append.expected === 'no_stream' ? 0 : append.expected + 1;
    return { nextRevision: first + append.events.length - 1, position: encodeSqlPosition(row.transaction_id, row.event_position) };
  });
}
