import { sql, type Kysely, type QueryExecutorProvider, type RawBuilder } from 'kysely';
import { PREPARED } from './prepared';
import type { EventStoreTables } from './event-store-tables';
import { WrongExpectedRevisionError, type AppendResult, type EventData, type ExpectedRevision } from '../event-store.port';
import { encodeSqlPosition } from './sql-position';

interface AppendRow {
  outcome: 'appended' | 'idempotent' | 'wrong_expected_revision';
  actual_revision: string | number;
  next_revision: string | number | null;
  transaction_id: string | null;
  event_position: string | null;
}

interface InsertedRow {
  transaction_id: string;
  event_position: string;
}

const UNIQUE_VIOLATION = '23505';

/**
 * An append in a transaction of its own. The common cases — a new stream with 'no_stream', a stream
 * at exactly the expected revision — run as one plain statement, which costs the server far less than
 * the plpgsql function (no per-statement SPI, no speculative insertion). When that statement finds
 * the stream elsewhere (unique violation, or no row moved) nothing was written, and the function
 * decides: an idempotent retry, or the actual revision. 'any' and 'exists' go to the function.
 */
export async function appendEvents(
  db: Kysely<EventStoreTables>,
  streamId: string,
  events: EventData[],
  expected: ExpectedRevision,
): Promise<AppendResult> {
  checkAppend(events, expected);
  const rows = eventRows(events);
  try {
    const inserted =
      expected === 'no_stream'
        ? await createStream(db, streamId, events.length, rows)
        : typeof expected === 'number'
          ? await extendStream(db, streamId, expected, events.length, rows)
          : [];
    if (inserted.length === events.length) {
      const last = inserted.reduce((a, b) => (BigInt(a.event_position) > BigInt(b.event_position) ? a : b));
      const first = expected === 'no_stream' ? 0 : (expected as number) + 1;
      return { nextRevision: first + events.length - 1, position: encodeSqlPosition(last.transaction_id, last.event_position) };
    }
  } catch (error) {
    if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
  }
  return appendThroughFunction(db, streamId, events, expected);
}

/** The append inside a transaction the caller owns: always the function, which never raises a conflict. */
export async function appendEventsInTransaction(
  executor: QueryExecutorProvider,
  streamId: string,
  events: EventData[],
  expected: ExpectedRevision,
): Promise<AppendResult> {
  checkAppend(events, expected);
  return appendThroughFunction(executor, streamId, events, expected);
}

async function appendThroughFunction(
  executor: QueryExecutorProvider,
  streamId: string,
  events: EventData[],
  expected: ExpectedRevision,
): Promise<AppendResult> {
  const { rows } = await sql<AppendRow>`SELECT * FROM event_store.append(${streamId}, ${String(expected)},
    ${events.map((event) => event.id)}::uuid[], ${events.map((event) => event.type)}::text[],
    ${events.map((event) => JSON.stringify(event.data))}::json[], ${events.map((event) => JSON.stringify(event.metadata))}::json[])`.execute(executor);
  const row = rows[0];
  if (row.outcome === 'wrong_expected_revision') {
    throw new WrongExpectedRevisionError(streamId, expected, Number(row.actual_revision));
  }
  return {
    nextRevision: Number(row.next_revision),
    position: encodeSqlPosition(String(row.transaction_id), String(row.event_position)),
  };
}

/**
 * Invariant: the stream's row and its first events are inserted by one statement, which writes all
 * of them or nothing. When the stream exists — or a concurrent creator commits first (this insert
 * waits on the key) — the streams key raises a unique violation and nothing is written. The events
 * insert needs no link to the streams insert: a data-modifying WITH always runs to completion.
 */
async function createStream(db: Kysely<EventStoreTables>, streamId: string, count: number, events: RawBuilder<unknown>): Promise<InsertedRow[]> {
  const { rows } = await sql<InsertedRow>`${PREPARED}WITH claimed AS (
      INSERT INTO event_store.streams (stream_id, revision) VALUES (${streamId}, ${count - 1})
    )
    INSERT INTO event_store.events (stream_id, revision, event_id, type, data, metadata)
    SELECT ${streamId}, x.ord - 1, x.id, x.type, x.data, x.metadata FROM ${events} ORDER BY x.ord
    RETURNING transaction_id::text AS transaction_id, position::text AS event_position`.execute(db);
  return rows;
}

/**
 * Invariant: the UPDATE locks the stream's row until commit and matches only while it still holds the
 * expected revision — in READ COMMITTED a concurrent append makes it wait, then re-check the committed
 * row and match nothing. Events are inserted only from the row it moved, right after the expected
 * revision, so revisions stay gapless and appends to one stream never interleave.
 */
async function extendStream(
  db: Kysely<EventStoreTables>,
  streamId: string,
  expected: number,
  count: number,
  events: RawBuilder<unknown>,
): Promise<InsertedRow[]> {
  const { rows } = await sql<InsertedRow>`${PREPARED}WITH moved AS (
      UPDATE event_store.streams SET revision = ${expected + count}
       WHERE stream_id = ${streamId} AND revision = ${expected}
      RETURNING stream_id
    )
    INSERT INTO event_store.events (stream_id, revision, event_id, type, data, metadata)
    SELECT moved.stream_id, ${expected}::bigint + x.ord, x.id, x.type, x.data, x.metadata FROM moved, ${events} ORDER BY x.ord
    RETURNING transaction_id::text AS transaction_id, position::text AS event_position`.execute(db);
  return rows;
}

/**
 * x(id, type, data, metadata, ord) in append order; payloads as json text, parsed once by the server.
 * One event — the usual case — as plain values: cheaper for the server than arrays and unnest.
 */
function eventRows(events: EventData[]): RawBuilder<unknown> {
  if (events.length === 1) {
    const [event] = events;
    return sql`(VALUES (${event.id}::uuid, ${event.type}::text, ${JSON.stringify(event.data)}::json,
      ${JSON.stringify(event.metadata)}::json, 1::bigint)) AS x(id, type, data, metadata, ord)`;
  }
  return sql`unnest(${events.map((event) => event.id)}::uuid[], ${events.map((event) => event.type)}::text[],
    ${events.map((event) => JSON.stringify(event.data))}::json[], ${events.map((event) => JSON.stringify(event.metadata))}::json[])
    WITH ORDINALITY AS x(id, type, data, metadata, ord)`;
}

export function checkAppend(events: EventData[], expected: ExpectedRevision): void {
  if (events.length === 0) throw new RangeError('An append needs at least one event');
  // JSON has no undefined: the lone path would send SQL NULL and fail, the batched one store null.
  if (events.some((event) => event.data === undefined || event.metadata === undefined)) {
    throw new RangeError('An event needs data and metadata (null is a value, undefined is not)');
  }
  if (typeof expected === 'number' && (!Number.isSafeInteger(expected) || expected < 0)) {
    throw new RangeError(`Invalid expected revision ${expected}`);
  }
}
