import { sql, type Kysely } from 'kysely';
import { jsonRecordset } from '@shipledger/database';
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
  const json = eventsJson(events);
  // Each goes alone (the json[] path keeps such text; json_to_recordset refuses the whole batch).
  if (json.includes('\\u') && REFUSED_BY_RECORDSET.test(json)) return appends.map(() => undefined);
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
    SELECT w.stream_id, w.first + r.n, r.id, r.type, coalesce(r.data, 'null'::json), coalesce(r.metadata, 'null'::json)
      FROM (SELECT * FROM moved UNION ALL SELECT * FROM created) w
      JOIN ${jsonRecordset(json, EVENT_RECORD)} ON r.stream_id = w.stream_id
     ORDER BY r.ord
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

/** The batch's events as json_to_recordset reads them: r(stream_id, n, id, type, data, metadata, ord). */
const EVENT_RECORD = 'stream_id text, n bigint, id uuid, type text, data json, metadata json, ord bigint';

/**
 * A NUL or an unpaired surrogate, as JSON.stringify escapes them. The json type stores either (the lone
 * path), but json_to_recordset decodes every string of its input and refuses them. The API refuses
 * such text in requests (libs/platform request-text.ts); this keeps the port whole for any payload.
 * A literal backslash-u in a string also matches: that batch only goes alone. JSON.stringify writes a
 * backslash-u only for control characters and lone surrogates, so most batches see only the plain
 * search that runs first.
 */
const REFUSED_BY_RECORDSET = /\\u(?:0000|d[89a-f])/i;

/**
 * Every event of the batch as the JSON text of one array, in batch order (`ord`). Each payload stays
 * a nested value, so it is printed once, inside the one JSON.stringify, and Postgres lexes the text
 * once and stores each payload's own text as it is: the same bytes as JSON.stringify(payload). Before,
 * each payload was printed on its own and sent as an element of a json[] parameter, which pg escapes
 * element by element (every quote of the payload) and Postgres unescapes and parses again.
 * json_to_recordset reads a payload that is JSON null as SQL NULL, hence the coalesce back to json
 * null in the statement (checkAppend refuses an undefined payload, which JSON cannot carry).
 */
function eventsJson(events: ReadonlyArray<{ streamId: string; index: number; event: EventData }>): string {
  return JSON.stringify(events.map(({ streamId, index, event }, ord) => ({
    stream_id: streamId, n: index, id: event.id, type: event.type, data: event.data, metadata: event.metadata, ord,
  })));
}
