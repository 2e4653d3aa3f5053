import { sql, type Kysely, type QueryExecutorProvider } from 'kysely';
import type { EventStoreTables } from './event-store-tables';
import { PREPARED } from './prepared';
import type { Database } from '@shipledger/database';
import {
  type AppendResult,
  type EventData,
  type EventStore,
  type ExpectedRevision,
  lastEventsRequest,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '../event-store.port';
import { CatchUpSubscription, type CatchUpTiming } from '../subscription/catch-up-subscription';
import type { LiveSignal } from '../subscription/live-signal';
import { appendEvents, appendEventsInTransaction } from './sql-append';
import { AppendBatcher, type AppendBatchLimits } from './sql-append-batcher';
import { createEventStoreSchema } from './sql-schema';
import { EVENT_COLUMNS, toRecordedEvent, type SqlEventRow } from './sql-event-row';
import { SQL_CURSOR_START, decodeSqlPosition, encodeSqlPosition } from './sql-position';

export interface SqlEventStoreOptions {
  /** Events per readAll page of a subscription (default 1000). */
  batchSize?: number;
  /** Fallback re-read of a live subscription without a signal (default 500 ms). */
  pollIntervalMs?: number;
  /** Re-read delay while committed events wait behind an open transaction (default 30 ms). */
  heldBackRetryMs?: number;
  /** A live subscription reads at most once per this many ms (default 30; catch-up-subscription.ts). */
  liveReadIntervalMs?: number;
  /** Group commit of concurrent appends (sql-append-batcher.ts); false: one statement per append. */
  appendBatching?: false | Partial<AppendBatchLimits>;
}

/**
 * At ~600 creates/s a live subscription read a page at almost every commit (0.38 reads per create, each
 * finding ~3 events); 10 ms let each read take what arrived meanwhile (0.19 reads per create at ~500/s),
 * 30 ms more still (~0.06): every look at the head costs Postgres the visibility horizon and wakes the
 * projectors for a transaction of their own, so fewer, larger looks cost less per create (docs/benchmarks.md,
 * 2026-11-28). It adds at most 30 ms to the read models' lag under load (none when appends are rarer).
 */
const DEFAULT_LIVE_READ_INTERVAL_MS = 30;
/** Held back is the usual answer under load (some writer's transaction is open): the same pace then. */
const DEFAULT_HELD_BACK_RETRY_MS = 30;

/**
 * The Postgres and PGlite adapters: one SQL implementation over `Database.kysely` (schema in
 * sql-schema.ts). They differ only in the LiveSignal that wakes subscriptions.
 */
export class SqlEventStore implements EventStore {
  readonly adapter: 'postgres' | 'pglite';
  private readonly db: Kysely<EventStoreTables>;
  private readonly timing: CatchUpTiming;
  private readonly subscriptions = new Set<Subscription>();
  private readonly batcher?: AppendBatcher;

  constructor(database: Database, private readonly signal: LiveSignal, options: SqlEventStoreOptions = {}) {
    this.adapter = database.kind;
    this.db = database.kysely;
    this.timing = {
      batchSize: options.batchSize ?? 1000,
      pollIntervalMs: options.pollIntervalMs ?? 500,
      heldBackRetryMs: options.heldBackRetryMs ?? DEFAULT_HELD_BACK_RETRY_MS,
      liveReadIntervalMs: options.liveReadIntervalMs ?? DEFAULT_LIVE_READ_INTERVAL_MS,
    };
    if (options.appendBatching !== false) {
      this.batcher = new AppendBatcher(this.db, options.appendBatching);
    }
  }

  init(): Promise<void> {
    return createEventStoreSchema(this.db);
  }

  /** Concurrent appends of this process share statements and commits (see AppendBatcher). */
  async append(streamId: string, events: EventData[], expected: ExpectedRevision): Promise<AppendResult> {
    const result = this.batcher
      ? await this.batcher.append(streamId, events, expected)
      : await appendEvents(this.db, streamId, events, expected);
    this.signal.appended();
    return result;
  }

  /**
   * The same append inside a transaction the caller owns (`db.transaction().execute(trx => …)`), so
   * it commits or rolls back with the caller's other writes. Live subscribers learn of it from the
   * next signal or poll; call notifyAppended() after the commit to wake them at once.
   */
  appendInTransaction(
    executor: QueryExecutorProvider,
    streamId: string,
    events: EventData[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
    return appendEventsInTransaction(executor, streamId, events, expected);
  }

  notifyAppended(): void {
    this.signal.appended();
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const limit = options.maxCount ?? null;
    const query =
      options.direction === 'backwards'
        ? sql<SqlEventRow>`SELECT ${EVENT_COLUMNS} FROM event_store.events e
            WHERE e.stream_id = ${streamId} AND (${options.fromRevision ?? null}::bigint IS NULL OR e.revision <= ${options.fromRevision ?? null}::bigint)
            ORDER BY e.revision DESC LIMIT ${limit}`
        : sql<SqlEventRow>`${PREPARED}SELECT ${EVENT_COLUMNS} FROM event_store.events e
            WHERE e.stream_id = ${streamId} AND e.revision >= ${options.fromRevision ?? 0}
            ORDER BY e.revision ASC LIMIT ${limit}`;
    const { rows } = await query.execute(this.db);
    return rows.map(toRecordedEvent);
  }

  /**
   * One statement for all the streams: per id, the backward scan of the (stream_id, revision) index
   * that readStream(backwards, maxCount 1) runs, stopped at its first row. Not `DISTINCT ON (stream_id)
   * … WHERE stream_id = ANY(…)`: Postgres 15 plans that as a scan of every event of the streams and a
   * sort (a hot level stream has thousands), the LATERAL one reads one index entry per stream (EXPLAIN
   * in docs/event-store.md).
   */
  async readLastEvents(streamIds: readonly string[]): Promise<Map<string, RecordedEvent>> {
    const ids = lastEventsRequest(streamIds);
    const found = new Map<string, RecordedEvent>();
    if (ids.length === 0) return found;
    const { rows } = await sql<SqlEventRow>`SELECT ${EVENT_COLUMNS} FROM unnest(${ids}::text[]) AS wanted(stream_id)
      CROSS JOIN LATERAL (SELECT * FROM event_store.events last
        WHERE last.stream_id = wanted.stream_id ORDER BY last.revision DESC LIMIT 1) e`.execute(this.db);
    for (const row of rows) found.set(row.stream_id, toRecordedEvent(row));
    return found;
  }

  /**
   * Invariant: no event row with a transaction id below event_store.visible_horizon() can appear any
   * more (every writer below it has ended; later writers take larger ids). So the rows below the
   * horizon never change again, and paging them by (transaction_id, position) can never pass a row
   * that commits afterwards: a reader cannot skip an event, nor see one twice. The sub-select makes
   * the horizon one value per statement, computed from the statement's own snapshot.
   */
  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    return (await this.readAllPage(options)).events;
  }

  /**
   * readAll (the page below the horizon) and, in the same statement, whether committed events wait above
   * it (what hasHeldBackEvents answers; one index entry read): the catch-up subscription asks both after
   * every page, so one round trip instead of two. The page joins onto the one-row answer, so an empty page
   * still comes back as one row (its event columns null) that carries it: under concurrent appends a
   * woken follower often finds its next events held back behind a transaction still open.
   */
  async readAllPage(options: ReadAllOptions = {}): Promise<{ events: RecordedEvent[]; heldBack: boolean }> {
    const after = options.after === undefined ? SQL_CURSOR_START : decodeSqlPosition(options.after);
    // The horizon once per statement (a MATERIALIZED CTE is evaluated once), for the page and the
    // held-back answer alike: under load it is most of the statement's cost (docs/event-store.md).
    const { rows } = await sql<PageRow>`${PREPARED}WITH horizon AS MATERIALIZED (SELECT event_store.visible_horizon() AS id)
      SELECT page.*, (${NEWEST_TRANSACTION} >= horizon.id) AS held_back
      FROM horizon LEFT JOIN LATERAL (SELECT ${EVENT_COLUMNS} FROM event_store.events e
        WHERE (e.transaction_id, e.position) > (${after.transactionId}::xid8, ${after.position}::bigint)
          AND e.transaction_id < horizon.id
        ORDER BY e.transaction_id, e.position LIMIT ${options.maxCount ?? null}) AS page ON true
      ORDER BY page.position COLLATE "C"`.execute(this.db);
    const events = rows.filter(isEventRow).map(toRecordedEvent);
    return { events, heldBack: rows[0]?.held_back === true };
  }

  /** The newest event below the visibility horizon (see readAll). */
  async headPosition(): Promise<Position | undefined> {
    const { rows } = await sql<{ transaction_id: string; position: string }>`
      SELECT e.transaction_id::text AS transaction_id, e.position::text AS position FROM event_store.events e
      WHERE e.transaction_id < (SELECT event_store.visible_horizon())
      ORDER BY e.transaction_id DESC, e.position DESC LIMIT 1`.execute(this.db);
    return rows[0] ? encodeSqlPosition(rows[0].transaction_id, rows[0].position) : undefined;
  }

  async hasHeldBackEvents(): Promise<boolean> {
    const { rows } = await sql<{ held: boolean | null }>`${PREPARED}SELECT ${HELD_BACK} AS held`.execute(this.db);
    return rows[0].held === true;
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    const subscription = new CatchUpSubscription(this, this.signal, this.timing, options);
    this.subscriptions.add(subscription);
    return {
      close: async () => {
        this.subscriptions.delete(subscription);
        await subscription.close();
      },
    };
  }

  /** Stops the subscriptions and the signal; the Database stays open (it belongs to the caller). */
  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    this.subscriptions.clear();
    await this.signal.close();
  }
}

/**
 * The newest transaction id in the log, committed and visible to the statement. max() reads one entry at
 * the end of the primary key; an EXISTS over `>=` an unknown value was planned as a sequential scan of
 * the whole table.
 */
const NEWEST_TRANSACTION = sql`(SELECT max(m.transaction_id) FROM event_store.events m)`;
/** Whether committed events wait above the visibility horizon (readAll's invariant). */
const HELD_BACK = sql`(${NEWEST_TRANSACTION} >= (SELECT event_store.visible_horizon()))`;

/** A readAllPage row: an event, or the one row of an empty page (every event column null). */
type PageRow = (SqlEventRow | { [column in keyof SqlEventRow]: null }) & { held_back: boolean | null };

const isEventRow = (row: PageRow): row is SqlEventRow & { held_back: boolean | null } => row.event_id !== null;
