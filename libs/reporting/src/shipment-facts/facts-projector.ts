import { sql, type Kysely, type Migration } from 'kysely';
import {
  aggregateKey, batchProjector, foldOntoRow, groupByAggregate, type AggregateEvents, type Projector,
} from '@shipledger/projections';
import type { RecordedEvent } from '@shipledger/event-store';
import { jsonRecordset, preparedQuery } from '@shipledger/database';
import { SHIPMENT_EVENT_TYPES, shipmentIdOf } from '@shipledger/shipping';
import { evolveFacts, type ShipmentFacts } from './shipment-facts';
import type { ReportingTables, ReportViewRow, ReportViewTable } from '../storage/reporting-database';

/** A column name of one view's table, as the builder types the insert into a table chosen at run time. */
type ViewTableColumn = 'tenant_id' | 'shipment_id';

/** Shipments per set of statements: bounds the size of one statement's JSON and arrays. */
const SHIPMENTS_PER_WRITE = 1000;

/**
 * A reporting view: rows derived from each shipment's facts alone. The view names itself (a label for
 * its statements and migrations), its table, the table's columns (besides tenant_id and shipment_id) with their SQL
 * types, the migrations creating it, and `rowsOf` — the rows a shipment with these facts contributes
 * (none, one or several).
 */
export interface FactsView<T extends ReportViewTable = ReportViewTable> {
  name: string;
  table: T;
  columns: Readonly<Record<keyof ReportViewRow<T>, string>>;
  /**
   * Keyed `NNNN_what`; the projector runs every view's migrations in the order of their keys, so a new
   * migration takes a number above the last of every view (kysely refuses one sorted before a migration
   * already run).
   */
  migrations: Record<string, Migration>;
  rowsOf(facts: ShipmentFacts): ReportViewRow<T>[];
  /**
   * Keeps what the view derives from its rows (pre-aggregated counts), in the same transaction: told
   * each written shipment's rows before and after this batch. Called only for shipments whose facts
   * moved forward, so a replayed batch changes nothing here either.
   */
  afterReplace?(db: Kysely<ReportingTables>, changes: readonly RowsReplaced<T>[]): Promise<void>;
}

/** A view, with T inferred from its table, so the compiler checks its columns and rows against that table. */
export function factsView<T extends ReportViewTable>(view: FactsView<T>): FactsView<T> {
  return view;
}

export interface RowsReplaced<T extends ReportViewTable> {
  tenant_id: string;
  before: ReportViewRow<T>[];
  after: ReportViewRow<T>[];
}

/** The name of the projector keeping the five shipment reporting views (its schema: rm_report_shipments). */
export const SHIPMENT_REPORTS = 'report-shipments';

/**
 * The projector for the shipment reporting views. Its schema holds `shipment_facts` (each shipment's
 * folded facts and the stream revision they include) once, beside every view's tables, so a batch
 * folds and writes each shipment's facts once for all views: per thousand shipments, read the stored
 * facts of shipments whose stream started before the batch, fold the new events in memory, upsert the
 * facts, then per view replace the written shipments' rows (and its pre-aggregated counts). Statement
 * texts are fixed (batches as JSON or array parameters): on Postgres each is prepared once per connection.
 * The views are rebuilt together: a change to any view's rows bumps `version`. (`FactsView<any>`: the list
 * holds views of different tables; each was checked against its own table where factsView made it.)
 */
export function factsProjector(views: readonly FactsView<any>[]): Projector {
  const layouts = views.map((view) => ({ view, layout: rowLayout(view) }));
  const migrations: Record<string, Migration> = { '0000_shipment_facts': FACTS_MIGRATION };
  for (const view of views) {
    for (const [key, migration] of Object.entries(view.migrations)) migrations[`${key}@${view.name}`] = migration;
  }
  return batchProjector({
    name: SHIPMENT_REPORTS,
    version: 1,
    handles: SHIPMENT_EVENT_TYPES,
    migrations,
    applyBatch: (db: Kysely<ReportingTables>, events: readonly RecordedEvent[]) => applyFacts(db, layouts, events),
  });
}

const FACTS_MIGRATION: Migration = {
  async up(db) {
    await db.schema.createTable('shipment_facts')
      .addColumn('tenant_id', 'text', (c) => c.notNull())
      .addColumn('shipment_id', 'text', (c) => c.notNull())
      .addColumn('revision', 'integer', (c) => c.notNull())
      .addColumn('facts', 'jsonb', (c) => c.notNull())
      .addPrimaryKeyConstraint('shipment_facts_pk', ['tenant_id', 'shipment_id'])
      .execute();
  },
};

interface FactsWrite {
  tenant_id: string;
  shipment_id: string;
  revision: number;
  facts: ShipmentFacts;
}

/** The view table's columns and their json_to_recordset definition: fixed per view, made once. */
interface RowLayout {
  columns: ViewTableColumn[];
  definition: string;
}

function rowLayout<T extends ReportViewTable>(view: FactsView<T>): RowLayout {
  return {
    columns: ['tenant_id', 'shipment_id', ...Object.keys(view.columns)] as ViewTableColumn[],
    definition: ['tenant_id text', 'shipment_id text', ...Object.entries(view.columns).map(([c, t]) => `${c} ${t}`)].join(', '),
  };
}

type ViewLayout = { view: FactsView<any>; layout: RowLayout };

async function applyFacts(db: Kysely<ReportingTables>, views: readonly ViewLayout[], events: readonly RecordedEvent[]): Promise<void> {
  const all = groupByAggregate(events, shipmentIdOf);
  for (let start = 0; start < all.length; start += SHIPMENTS_PER_WRITE) {
    await applyToShipments(db, views, all.slice(start, start + SHIPMENTS_PER_WRITE));
  }
}

async function applyToShipments(db: Kysely<ReportingTables>, views: readonly ViewLayout[], shipments: readonly AggregateEvents[]): Promise<void> {
  // A stream starting in this batch needs no stored row: a stored one would hold a prefix of the same
  // fold, and the upsert's revision guard turns such a replay into a no-op.
  const stored = await selectFacts(db, shipments.filter((s) => s.events[0]!.revision !== 0));
  const writes: FactsWrite[] = [];
  for (const { tenantId, id: shipmentId, events } of shipments) {
    const before = stored.get(aggregateKey(tenantId, shipmentId));
    const after = foldFacts(before, events);
    if (after?.facts) writes.push({ tenant_id: tenantId, shipment_id: shipmentId, revision: after.revision, facts: after.facts });
  }
  if (writes.length === 0) return;

  // Invariant: facts only move forward — the update applies only where the stored revision is below the
  // new one, so a replayed batch writes nothing, and only the shipments written here get new rows. The
  // caller holds the projector's checkpoint lock (one writer per schema), so the facts read above are
  // still the stored ones.
  const { rows: written } = await db.executeQuery(preparedQuery(db.insertInto('shipment_facts')
    .columns(['tenant_id', 'shipment_id', 'revision', 'facts'])
    .expression(sql`select * from ${jsonRecordset(storable(writes), 'tenant_id text, shipment_id text, revision integer, facts jsonb')}`)
    .onConflict((oc) => oc.columns(['tenant_id', 'shipment_id'])
      .doUpdateSet((eb) => ({ revision: eb.ref('excluded.revision'), facts: eb.ref('excluded.facts') }))
      .where((eb) => eb(sql.ref('shipment_facts.revision'), '<', eb.ref('excluded.revision'))))
    // `xmax <> 0` tells an updated row from a fresh insert: ON CONFLICT DO UPDATE leaves its row locked
    // by this transaction, a new row has no locker. Only a shipment whose facts row existed can have view
    // rows to delete (view rows are written with their facts, in the same transaction), so a batch of new
    // shipments — every draft or confirmed create — skips the views' deletes (a statement per view, which
    // the planner answered with a sequential scan of the view's table while it was small). The batch specs
    // (applied twice, split in two) fail if an update were taken for an insert.
    .returning(['tenant_id', 'shipment_id', sql<boolean>`xmax <> 0`.as('updated')])));
  if (written.length === 0) return;
  const existed = new Map(written.map((row) => [aggregateKey(row.tenant_id, row.shipment_id), row.updated]));
  const replaced: FactsWrite[] = [];
  const updated: ShipmentKeys = { tenantIds: [], shipmentIds: [] };
  for (const write of writes) {
    const wasStored = existed.get(aggregateKey(write.tenant_id, write.shipment_id));
    if (wasStored === undefined) continue;
    replaced.push(write);
    if (wasStored) {
      updated.tenantIds.push(write.tenant_id);
      updated.shipmentIds.push(write.shipment_id);
    }
  }
  for (const { view, layout } of views) await replaceRows(db, view, layout, replaced, updated, stored);
}

/** Shipments as two parallel arrays, the shape the views' deletes bind. */
interface ShipmentKeys {
  tenantIds: string[];
  shipmentIds: string[];
}

/**
 * The view's rows of the shipments whose facts were written: the old ones deleted (of `updated`, the
 * written shipments whose facts row existed before; the others have none), the new ones inserted.
 */
async function replaceRows<T extends ReportViewTable>(
  db: Kysely<ReportingTables>, view: FactsView<T>, { columns, definition }: RowLayout,
  replaced: readonly FactsWrite[], updated: ShipmentKeys,
  stored: ReadonlyMap<string, { revision: number; facts: ShipmentFacts }>,
): Promise<void> {
  // The view's table is chosen at run time (a union to Kysely): the delete names only the shipment key
  // every view table has, and the rows inserted were checked against the view's table by rowsOf's type.
  const table: ReportViewTable = view.table;
  if (updated.tenantIds.length > 0) {
    await db.executeQuery(preparedQuery(db.deleteFrom(table)
      .where(sql<boolean>`(tenant_id, shipment_id) in (select * from unnest(
        ${updated.tenantIds}::text[], ${updated.shipmentIds}::text[]))`), view.name));
  }
  if (view.afterReplace) {
    await view.afterReplace(db, replaced.map((w) => {
      const before = stored.get(aggregateKey(w.tenant_id, w.shipment_id))?.facts;
      return { tenant_id: w.tenant_id, before: before ? view.rowsOf(before) : [], after: view.rowsOf(w.facts) };
    }));
  }
  const rows = replaced.flatMap((w) => view.rowsOf(w.facts).map((row) => ({ tenant_id: w.tenant_id, shipment_id: w.shipment_id, ...row })));
  if (rows.length === 0) return;
  await db.executeQuery(preparedQuery(db.insertInto(table).columns(columns)
    .expression(sql`select * from ${jsonRecordset(storable(rows), definition)}`), view.name));
}

type FoldedFacts = { revision: number; facts: ShipmentFacts | undefined };

function foldFacts(stored: FoldedFacts | undefined, events: readonly RecordedEvent[]): FoldedFacts | undefined {
  return foldOntoRow<FoldedFacts>(stored, events, (row, event) => ({ revision: event.revision, facts: evolveFacts(row?.facts, event) ?? row?.facts }));
}

/**
 * JSON that Postgres text and jsonb can hold: a NUL or a lone surrogate in a merchant's free text (a
 * city, a reference) becomes U+FFFD, so such a shipment is still counted instead of parking the event.
 *
 * JSON.stringify writes both as escapes (`\u0000`, and `\ud800` to `\udfff` for a lone surrogate
 * since ES2019; a paired surrogate is written as itself), which jsonb refuses, so those escapes are
 * rewritten in the text. The pattern reads escapes from the left and keeps an escaped backslash
 * whole, so a merchant's literal text `\u0000` (stringified as `\\u0000`) is left as it is. A replacer
 * function would do the same per string but takes JSON.stringify off its fast path: several times
 * slower on every batch.
 */
export function storable(value: unknown): string {
  return JSON.stringify(value).replace(UNSTORABLE_ESCAPE, (escape) => (escape === '\\\\' ? escape : '\\ufffd'));
}

/** An escaped backslash (kept), or the escape of a NUL or of a (necessarily lone) surrogate. */
const UNSTORABLE_ESCAPE = /\\(?:\\|u0000|ud[89a-f][0-9a-f]{2})/g;

async function selectFacts(db: Kysely<ReportingTables>, shipments: readonly AggregateEvents[]): Promise<Map<string, { revision: number; facts: ShipmentFacts }>> {
  const found = new Map<string, { revision: number; facts: ShipmentFacts }>();
  if (shipments.length === 0) return found;
  const { rows } = await db.executeQuery(preparedQuery(db.selectFrom('shipment_facts').select(['tenant_id', 'shipment_id', 'revision', 'facts'])
    .where(sql<boolean>`(tenant_id, shipment_id) in (select * from unnest(
      ${shipments.map((s) => s.tenantId)}::text[], ${shipments.map((s) => s.id)}::text[]))`)));
  for (const row of rows) found.set(aggregateKey(row.tenant_id, row.shipment_id), { revision: row.revision, facts: row.facts });
  return found;
}
