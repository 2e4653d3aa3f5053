import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { ShipmentListTables } from '../../storage/shipping-database';
import type { ShipmentState } from '../../domain/shipment/shipment.state';
import { normaliseSearchText, phoneDigits } from './search-terms';

/** A select on `shipments as s` with the list's other filters (merchant, type, dates…) applied. */
export type FilteredShipments = () => SelectQueryBuilder<ShipmentListTables & { s: ShipmentListTables['shipments'] }, 's', object>;

export interface SearchPage {
  tenantId: string;
  searchString: string;
  offset: number;
  limit: number;
}

/**
 * Above this many matching terms a prefix is "dense" (a letter or two, a common name): walking the
 * newest shipments and keeping the matching ones then finds a page sooner than sorting every match.
 * At or below it, the matches are sorted on the term index alone (creation_date is in it).
 */
export const DENSE_MATCHES = 5000;
export const WALK_CHUNK = 500;

/** Overridable so tests can drive either plan on a small data set. */
export interface SearchTuning {
  denseMatches: number;
  walkChunk: number;
}

/**
 * One page of search results, newest first. Two plans, chosen by a capped count of the matching
 * terms (an index-only probe), because no single plan is fast at both ends: sorting the matches costs
 * O(matches), walking newest-first costs O(shipments / match density).
 */
export async function searchShipments(
  db: Kysely<ShipmentListTables>, filtered: FilteredShipments, page: SearchPage,
  tuning: SearchTuning = { denseMatches: DENSE_MATCHES, walkChunk: WALK_CHUNK },
): Promise<ShipmentState[]> {
  const patterns = searchPatterns(page.searchString);
  const matchingTerms = () => db.selectFrom('search_terms as t')
    .where('t.tenant_id', '=', page.tenantId)
    .where((w) => w.or(patterns.map((p) => w('t.term', 'like', p))));
  const probe = await db.selectFrom(matchingTerms().select('t.shipment_id').limit(tuning.denseMatches + 1).as('m'))
    .select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  if (Number(probe.n) <= tuning.denseMatches) {
    const matches = matchingTerms().select(['t.shipment_id', 't.creation_date']).distinct().as('m');
    const rows = await filtered()
      .innerJoin(matches, (join) => join.onRef('m.shipment_id', '=', 's.shipment_id'))
      .select('s.state')
      .orderBy('m.creation_date', 'desc').orderBy('m.shipment_id', 'desc')
      .limit(page.limit).offset(page.offset)
      .execute();
    return rows.map((row) => (row as { state: ShipmentState }).state);
  }
  return walkNewestFirst(db, filtered, page, tuning.walkChunk, patterns);
}

/**
 * Newest-first keyset walk over the filtered shipments, a chunk at a time, keeping those that match:
 * each row's own `terms` are tested, so a chunk is one index range on the rows, whatever the number of
 * matching terms (the terms table's index leads with the term, so it cannot answer "which of these").
 */
async function walkNewestFirst(
  db: Kysely<ShipmentListTables>, filtered: FilteredShipments, page: SearchPage, walkChunk: number,
  patterns: readonly string[],
): Promise<ShipmentState[]> {
  const matches = sql<boolean>`exists (select 1 from unnest(s.terms) as t(term) where t.term like any(${[...patterns]}::text[]))`;
  const wanted = page.offset + page.limit;
  const found: string[] = [];
  let cursor: { creation_date: Date | string; shipment_id: string } | undefined;
  while (found.length < wanted) {
    let chunk = filtered().select(['s.shipment_id', 's.creation_date', matches.as('hit')]);
    if (cursor) {
      const { creation_date: date, shipment_id: id } = cursor;
      chunk = chunk.where((eb) => eb(eb.refTuple('s.creation_date', 's.shipment_id'), '<', eb.tuple(date, id)));
    }
    const rows = await chunk.orderBy('s.creation_date', 'desc').orderBy('s.shipment_id', 'desc').limit(walkChunk).execute() as
      { shipment_id: string; creation_date: Date | string; hit: boolean }[];
    if (rows.length === 0) break;
    for (const row of rows) if (row.hit && found.length < wanted) found.push(row.shipment_id);
    cursor = rows[rows.length - 1];
    if (rows.length < walkChunk) break;
  }
  const ids = found.slice(page.offset);
  if (ids.length === 0) return [];
  const states = await db.selectFrom('shipments').select(['shipment_id', 'state'])
    .where('tenant_id', '=', page.tenantId).where('shipment_id', 'in', ids).execute();
  const byId = new Map(states.map((row) => [row.shipment_id as string, row.state as ShipmentState]));
  return ids.map((id) => byId.get(id)).filter((state): state is ShipmentState => state !== undefined);
}

/** LIKE patterns for a prefix search: the normalised text and, for a phone-like text, its digits. */
export function searchPatterns(searchString: string): string[] {
  const escape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
  const patterns = [`${escape(normaliseSearchText(searchString))}%`];
  const digits = phoneDigits(searchString);
  if (digits && digits !== normaliseSearchText(searchString)) patterns.push(`${digits}%`);
  return patterns;
}
