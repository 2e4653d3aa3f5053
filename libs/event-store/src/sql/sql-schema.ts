import { sql, type Kysely } from 'kysely';
import type { EventStoreTables } from './event-store-tables';

/** The store's own schema; every table and function of the SQL adapters lives in it. */
export const EVENT_STORE_SCHEMA = 'event_store';

/** Serialises concurrent init() calls (two processes starting at once) on one database. */
const INIT_LOCK_KEY = 7_310_452_019;

const TABLES = [
  sql`CREATE SCHEMA IF NOT EXISTS event_store`,
  sql`
CREATE TABLE IF NOT EXISTS event_store.streams (
  stream_id text PRIMARY KEY,
  -- Last revision in the stream; -1 while it holds no event.
  revision bigint NOT NULL
)`,
  sql`
CREATE TABLE IF NOT EXISTS event_store.events (
  -- The global order is (transaction_id, position): position alone is not safe, since a transaction
  -- that commits later can hold a smaller position than one a reader has already passed.
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  position bigint GENERATED ALWAYS AS IDENTITY,
  stream_id text NOT NULL,
  revision bigint NOT NULL,
  event_id uuid NOT NULL,
  type text NOT NULL,
  data json NOT NULL,
  metadata json NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (transaction_id, position),
  UNIQUE (stream_id, revision),
  -- Idempotency: one event id appears at most once in a stream.
  UNIQUE (stream_id, event_id)
)`,
];

/**
 * append(stream, expected, ids, types, data, metadata) in one round trip and one transaction (the
 * caller's, when it runs inside one); plpgsql keeps its statements' plans across calls. Parallel
 * arrays, not one JSON document: each payload is then parsed once, by json's input function. It
 * returns an outcome row rather than raising, so a conflict leaves the caller's transaction usable.
 */
const APPEND_FUNCTION = sql`
CREATE OR REPLACE FUNCTION event_store.append(
  p_stream_id text, p_expected text, p_ids uuid[], p_types text[], p_data json[], p_metadata json[])
RETURNS TABLE (outcome text, actual_revision bigint, next_revision bigint, transaction_id text, event_position text)
LANGUAGE plpgsql AS $fn$
#variable_conflict use_column
DECLARE
  v_count bigint := cardinality(p_ids);
  v_claimed boolean := false;
  v_current bigint;
  v_ok boolean;
  v_found bigint;
  v_first bigint;
  v_spread bigint;
  v_in_place boolean;
  v_last_position bigint;
BEGIN
  -- Invariant: an append holds the lock on its stream's row in event_store.streams (taken by the
  -- INSERT below or by SELECT ... FOR UPDATE) until its transaction ends. So v_current is the
  -- stream's true last revision, no concurrent append can interleave revisions, and the
  -- (stream_id, revision) uniqueness is never left to chance. In READ COMMITTED each statement of
  -- this VOLATILE function takes a fresh snapshot, so the SELECT after a waited-for conflict sees
  -- the winner's committed row.
  IF p_expected IN ('no_stream', 'any') THEN
    INSERT INTO event_store.streams (stream_id, revision) VALUES (p_stream_id, v_count - 1)
    ON CONFLICT (stream_id) DO NOTHING;
    v_claimed := FOUND;
  END IF;
  IF v_claimed THEN
    v_current := -1;
  ELSE
    SELECT s.revision INTO v_current FROM event_store.streams s WHERE s.stream_id = p_stream_id FOR UPDATE;
    v_current := coalesce(v_current, -1);
  END IF;

  v_ok := CASE p_expected
    WHEN 'any' THEN true
    WHEN 'no_stream' THEN v_current = -1
    WHEN 'exists' THEN v_current >= 0
    ELSE v_current = p_expected::bigint
  END;

  -- A retried append: its ids already sit in the stream. Consecutive, in order, at the place the
  -- original expectation allowed => acknowledge with the original result, write nothing.
  IF v_current >= 0 AND (NOT v_ok OR p_expected IN ('any', 'exists')) THEN
    SELECT count(*), min(e.revision - ids.ord + 1), max(e.revision - ids.ord + 1)
      INTO v_found, v_first, v_spread
      FROM unnest(p_ids) WITH ORDINALITY AS ids(id, ord)
      JOIN event_store.events e ON e.stream_id = p_stream_id AND e.event_id = ids.id;
    v_in_place := v_found = v_count AND v_first = v_spread AND CASE p_expected
      WHEN 'any' THEN true
      WHEN 'no_stream' THEN v_first = 0
      WHEN 'exists' THEN v_first >= 1
      ELSE v_first = p_expected::bigint + 1
    END;
    IF v_found > 0 THEN
      IF v_in_place THEN
        RETURN QUERY SELECT 'idempotent'::text, v_current, v_first + v_count - 1, e.transaction_id::text, e.position::text
          FROM event_store.events e WHERE e.stream_id = p_stream_id AND e.revision = v_first + v_count - 1;
        RETURN;
      END IF;
      v_ok := false;
    END IF;
  END IF;

  IF NOT v_ok THEN
    RETURN QUERY SELECT 'wrong_expected_revision'::text, v_current, NULL::bigint, NULL::text, NULL::text;
    RETURN;
  END IF;

  -- Rows are numbered in array order, so position and revision grow together inside the append.
  WITH inserted AS (
    INSERT INTO event_store.events (stream_id, revision, event_id, type, data, metadata)
    SELECT p_stream_id, v_current + x.ord, x.id, x.type, x.data, x.metadata
      FROM unnest(p_ids, p_types, p_data, p_metadata) WITH ORDINALITY AS x(id, type, data, metadata, ord)
     ORDER BY x.ord
    RETURNING events.position
  )
  SELECT max(inserted.position) INTO v_last_position FROM inserted;

  IF NOT v_claimed THEN
    UPDATE event_store.streams SET revision = v_current + v_count WHERE stream_id = p_stream_id;
    IF NOT FOUND THEN
      INSERT INTO event_store.streams (stream_id, revision) VALUES (p_stream_id, v_current + v_count);
    END IF;
  END IF;

  RETURN QUERY SELECT 'appended'::text, v_current, v_current + v_count, pg_current_xact_id()::text, v_last_position::text;
END
$fn$;
`;

/**
 * The visibility horizon readers page below (see readAll in sql-event-store.ts). Invariant: no event
 * row with a transaction id below it can still appear. The snapshot's xmin would do, but transaction
 * ids are server-wide, so any transaction on any database would hold every reader back. A transaction
 * still running in the snapshot is skipped only when a live backend of another database holds that
 * very id: a backend never changes database, so that transaction can never write these tables. Every
 * other running id (ours, unknown, already finished, hidden by missing privileges) still bounds the
 * horizon, and ids assigned after the snapshot are all ≥ its xmax. STABLE: one snapshot per statement.
 */
const HORIZON_FUNCTION = sql`
CREATE OR REPLACE FUNCTION event_store.visible_horizon() RETURNS xid8
LANGUAGE sql STABLE AS $fn$
  SELECT coalesce(min(running.id), pg_snapshot_xmax(pg_current_snapshot()))
    FROM pg_snapshot_xip(pg_current_snapshot()) AS running(id)
   WHERE NOT EXISTS (
     SELECT 1 FROM pg_stat_get_activity(NULL) backend
      WHERE backend.backend_xid::text = (running.id::text::numeric % 4294967296)::text
        AND backend.datid IS DISTINCT FROM (SELECT d.oid FROM pg_database d WHERE d.datname = current_database()))
$fn$
`;

/** Creates the schema, tables and functions; idempotent and safe to run concurrently. */
export async function createEventStoreSchema(db: Kysely<EventStoreTables>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${INIT_LOCK_KEY})`.execute(trx);
    for (const statement of TABLES) await statement.execute(trx);
    // The first version took the events as one JSON document.
    await sql`DROP FUNCTION IF EXISTS event_store.append(text, text, json)`.execute(trx);
    await APPEND_FUNCTION.execute(trx);
    await HORIZON_FUNCTION.execute(trx);
  });
}
