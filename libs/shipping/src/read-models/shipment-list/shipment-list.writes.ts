import { sql, type Kysely } from 'kysely';
import { jsonRecordset, preparedQuery } from '@shipledger/database';
import type { ShipmentListTables } from '../../storage/shipping-database';
import { shipmentKey, type ShipmentRow } from './shipment-list.fold';

/*
 * Set-based statements of the shipment-list projector. Every batch travels as a few array or JSON
 * parameters (never one bind parameter per row), so a batch of any size stays far below Postgres's
 * 65535-parameter limit, and each statement's text is fixed: on Postgres it is prepared once per
 * connection (preparedQuery) instead of planned per batch.
 */

export interface ShipmentKeyed {
  tenantId: string;
  shipmentId: string;
}

/**
 * How a written shipment's search terms change. `replace`: insert all of the write's `terms` (a
 * shipment folded from its first event, whose stored row, if any, was not read; the upsert hands back
 * the terms of a row it overwrote, if any, which then change by difference). `diff`: the stored row
 * was read with its terms; delete `removed`, insert `added` (a booking adds its tracking number: one
 * row, not a rewrite of ~13).
 */
export type TermChange =
  | { kind: 'replace' }
  | { kind: 'diff'; removed: readonly string[]; added: readonly string[] };

/** The new row of a shipment, all of its search terms, and how they change. */
export interface ShipmentWrite extends ShipmentKeyed {
  row: ShipmentRow;
  terms: readonly string[];
  termChange: TermChange;
}

export interface SearchTermRow extends ShipmentKeyed {
  term: string;
  creationDate: string;
}

/** Column → SQL type, in the order json_to_recordset lays the record out. */
const ROW_TYPES = {
  tenant_id: 'text',
  shipment_id: 'text',
  revision: 'integer',
  merchant: 'text',
  partner_shipment_reference: 'text',
  partner_order_reference: 'text',
  entity_type: 'text',
  status: 'text',
  creation_date: 'timestamptz',
  update_date: 'timestamptz',
  state: 'jsonb',
  milestones: 'jsonb',
  terms: 'text[]',
} as const;
const ROW_COLUMNS = Object.keys(ROW_TYPES) as (keyof typeof ROW_TYPES)[];
const RECORD_DEFINITION = ROW_COLUMNS.map((column) => `${column} ${ROW_TYPES[column]}`).join(', ');

/** A stored shipments row: what the fold continues from, and the search terms stored for it. */
export interface StoredRow extends ShipmentRow {
  terms: readonly string[];
}

/** The stored rows of these shipments, by shipmentKey; one statement. */
export async function selectRows(db: Kysely<ShipmentListTables>, shipments: readonly ShipmentKeyed[]): Promise<Map<string, StoredRow>> {
  const rows = new Map<string, StoredRow>();
  if (shipments.length === 0) return rows;
  const { rows: found } = await db.executeQuery(preparedQuery(db.selectFrom('shipments')
    .select(['tenant_id', 'shipment_id', 'revision', 'state', 'milestones', 'terms'])
    .where(sql<boolean>`(tenant_id, shipment_id) in (select * from unnest(${texts(shipments, 'tenantId')}::text[], ${texts(shipments, 'shipmentId')}::text[]))`)));
  for (const { tenant_id, shipment_id, ...row } of found) rows.set(shipmentKey(tenant_id, shipment_id), row as StoredRow);
  return rows;
}

/** What the upsert wrote: the keys of the rows, and the stored terms of the rows a `replace` overwrote. */
export interface UpsertResult {
  written: Set<string>;
  /** By shipmentKey; only a replay from a shipment's first event past its stored row has one. */
  overwritten: Map<string, readonly string[]>;
}

/**
 * Inserts or updates the shipments rows and deletes the `removed` search terms of a `diff`; one
 * statement. Returns the keys of the rows it wrote and, for a `replace` that overwrote a stored row,
 * that row's terms (read in the same statement, so before the write), which the caller must change by
 * difference: the terms table's one index leads with the term, so a shipment's terms can only be found
 * by naming them.
 *
 * Invariant: a row only moves forward — the update applies only where the stored revision is below the
 * new one, so a replayed batch leaves newer rows alone, and only rows written here lose terms.
 * The caller holds the projector's checkpoint lock (one writer per schema), so the rows it read before
 * are still the stored ones. The deletes see the terms as they were before this statement (one
 * snapshot for every part of it), which are exactly the old terms.
 */
export async function upsertRows(db: Kysely<ShipmentListTables>, writes: readonly ShipmentWrite[]): Promise<UpsertResult> {
  const records = writes.map(({ tenantId, shipmentId, row, terms }) => ({
    tenant_id: tenantId, shipment_id: shipmentId, ...rowColumns(row), terms,
  }));
  const replacing = writes.filter((write) => write.termChange.kind === 'replace');
  const removed = writes.flatMap(({ tenantId, shipmentId, row, termChange }) => termChange.kind === 'diff'
    ? termChange.removed.map((term) => ({ tenantId, shipmentId, term, creationDate: row.state.creation_date }))
    : []);
  const { rows } = await db.executeQuery(preparedQuery(db
    .with('stored', (qb) => qb.selectFrom('shipments')
      .select(['tenant_id', 'shipment_id', 'terms'])
      .where(sql<boolean>`(tenant_id, shipment_id) in (
        select * from unnest(${texts(replacing, 'tenantId')}::text[], ${texts(replacing, 'shipmentId')}::text[]))`))
    .with('written', (qb) => qb.insertInto('shipments')
      .columns(ROW_COLUMNS)
      .expression(sql`select * from ${jsonRecordset(JSON.stringify(records), RECORD_DEFINITION)}`)
      .onConflict((oc) => oc.columns(['tenant_id', 'shipment_id'])
        .doUpdateSet((eb) => Object.fromEntries(ROW_COLUMNS.slice(2).map((column) => [column, eb.ref(`excluded.${column}`)])))
        .where((eb) => eb(sql.ref('shipments.revision'), '<', eb.ref('excluded.revision'))))
      .returning(['tenant_id', 'shipment_id']))
    .with('pruned', (qb) => qb.deleteFrom('search_terms')
      .where(sql<boolean>`(tenant_id, term, creation_date, shipment_id) in (
        select r.tenant_id, r.term, r.creation_date, r.shipment_id from written w
        join ${termsTable(removed)} on r.tenant_id = w.tenant_id and r.shipment_id = w.shipment_id)`)
      .returning(['tenant_id']))
    .selectFrom('written as w')
    .leftJoin('stored as o', (join) => join.onRef('o.tenant_id', '=', 'w.tenant_id').onRef('o.shipment_id', '=', 'w.shipment_id'))
    .select(['w.tenant_id', 'w.shipment_id', 'o.terms'])));
  const result: UpsertResult = { written: new Set(), overwritten: new Map() };
  for (const { tenant_id, shipment_id, terms } of rows) {
    const key = shipmentKey(tenant_id, shipment_id);
    result.written.add(key);
    if (terms) result.overwritten.set(key, terms);
  }
  return result;
}

/** Deletes these search terms, each named by the whole key; one statement. */
export async function deleteTerms(db: Kysely<ShipmentListTables>, terms: readonly SearchTermRow[]): Promise<void> {
  if (terms.length === 0) return;
  await db.executeQuery(preparedQuery(db.deleteFrom('search_terms')
    .where(sql<boolean>`(tenant_id, term, creation_date, shipment_id) in (
      select r.tenant_id, r.term, r.creation_date, r.shipment_id from ${termsTable(terms)})`)));
}

/** The terms as a table `r(tenant_id, shipment_id, term, creation_date)`: four array parameters. */
function termsTable(terms: readonly SearchTermRow[]) {
  return sql`unnest(${texts(terms, 'tenantId')}::text[], ${texts(terms, 'shipmentId')}::text[],
    ${texts(terms, 'term')}::text[], ${texts(terms, 'creationDate')}::text[]::timestamptz[]) as r(tenant_id, shipment_id, term, creation_date)`;
}

/**
 * Inserts search terms; one statement. `ifAbsent` skips a term already stored (the `added` of a diff:
 * stored terms that were computed by an older searchTermsOf must not fail the batch); without it a
 * plain insert, for terms whose shipment has none stored (a `replace` just deleted them), which spares
 * Postgres the speculative insertion's extra index probe and WAL record per row.
 */
export async function insertTerms(
  db: Kysely<ShipmentListTables>, terms: readonly SearchTermRow[], { ifAbsent = false }: { ifAbsent?: boolean } = {},
): Promise<void> {
  if (terms.length === 0) return;
  const insert = db.insertInto('search_terms')
    .columns(['tenant_id', 'shipment_id', 'term', 'creation_date'])
    .expression(sql`select r.tenant_id, r.shipment_id, r.term, r.creation_date from ${termsTable(terms)}`);
  await db.executeQuery(preparedQuery(ifAbsent ? insert.onConflict((oc) => oc.doNothing()) : insert));
}

function rowColumns({ revision, state, milestones }: ShipmentRow) {
  return {
    revision,
    merchant: state.content.merchant ?? null,
    partner_shipment_reference: state.content.references?.partner_shipment_reference ?? null,
    partner_order_reference: state.content.references?.partner_order_reference ?? null,
    // The presenter shows a shipment without entity_type as FORWARD; the filter must agree.
    entity_type: state.content.entity_type ?? 'FORWARD',
    status: state.status,
    creation_date: state.creation_date,
    update_date: state.update_date,
    state,
    milestones,
  };
}

function texts<T, K extends keyof T>(items: readonly T[], key: K): T[K][] {
  return items.map((item) => item[key]);
}
