import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@shipledger/database';
import { readModelSchema, runMigrations } from '@shipledger/projections';
import { openTestDatabase } from '../../../../testing/src/test-database';
import { sampleContent, ShipmentEventLog } from '../../../../../test/shipping/read-models/shipment-events.fixture';
import { parseListShipmentsQuery } from '../../application/list-shipments/list-shipments.query';
import type { ShipmentListTables } from '../../storage/shipping-database';
import { searchTermsOfState } from './search-terms';
import { foldShipment } from './shipment-list.fold';
import { shipmentListMigrations } from './shipment-list.migrations';
import { shipmentListProjector } from './shipment-list.projector';
import { listShipments } from './shipment-list.queries';

const kinds = ['pglite', 'postgres'] as const;
const schema = readModelSchema(shipmentListProjector.name);
const upTo = (last: string) => Object.fromEntries(Object.entries(shipmentListMigrations).filter(([name]) => name <= last));

describe.each(kinds)('shipment-list migrations on %s', (kind) => {
  let database: Database;
  const id = `shp-m-${randomUUID()}`;
  const ref = `REF-M-${randomUUID().slice(0, 8)}`;
  const log = new ShipmentEventLog();
  log.draft(id, '2026-11-01T10:00:00.000Z', sampleContent({ ref }));

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });

  afterAll(async () => {
    await database?.close();
  });

  const tables = () => database.kysely.withSchema(schema) as unknown as Kysely<ShipmentListTables>;
  const terms = () => tables().selectFrom('search_terms')
    .select(['tenant_id', 'shipment_id', 'term', sql<string>`creation_date::text`.as('creation_date')])
    .orderBy('shipment_id').orderBy('term').execute();
  const termIndexes = async () => (await sql<{ indexname: string; indexdef: string }>`
    select indexname, indexdef from pg_indexes where schemaname = ${schema} and tablename = 'search_terms' order by indexname`
    .execute(database.kysely)).rows;
  const search = (text: string, tuning?: { denseMatches: number; walkChunk: number }) =>
    listShipments(tables(), log.tenantId, parseListShipmentsQuery({ search_string: text }), '*', tuning)
      .then((found) => found.map((shipment) => shipment.shipment_id));

  it('given a row and its terms stored under 0002, and an orphan term without a creation date, when 0003 runs, then one unique index keys the same terms and the row holds them', async () => {
    await sql`create schema if not exists ${sql.id(schema)}`.execute(database.kysely);
    await runMigrations(database.kysely, schema, upTo('0002_search_terms_creation_date'));
    const row = foldShipment(undefined, log.events)!;
    const { state } = row;
    // The 0002 tables, written as the projector of that time wrote them (no `terms` column yet).
    await sql`insert into ${sql.id(schema, 'shipments')} (tenant_id, shipment_id, revision, merchant, status, creation_date,
      update_date, state, milestones) values (${log.tenantId}, ${id}, ${row.revision}, ${state.content.merchant}, ${state.status},
      ${state.creation_date}, ${state.update_date}, ${JSON.stringify(state)}::jsonb, ${JSON.stringify(row.milestones)}::jsonb)`
      .execute(database.kysely);
    for (const term of searchTermsOfState(state)) {
      await sql`insert into ${sql.id(schema, 'search_terms')} (tenant_id, shipment_id, term, creation_date)
        values (${log.tenantId}, ${id}, ${term}, ${state.creation_date})`.execute(database.kysely);
    }
    await sql`insert into ${sql.id(schema, 'search_terms')} (tenant_id, shipment_id, term, creation_date)
      values (${log.tenantId}, 'gone', 'orphan', null)`.execute(database.kysely);
    const stored = (await terms()).filter((term) => term.shipment_id === id);
    expect(stored.length).toBeGreaterThan(5);

    await runMigrations(database.kysely, schema, shipmentListMigrations);

    expect(await terms()).toEqual(stored);
    const migrated = await tables().selectFrom('shipments').select('terms').where('shipment_id', '=', id).executeTakeFirstOrThrow();
    expect(migrated.terms).toEqual(stored.map((term) => term.term));
    const indexes = await termIndexes();
    expect(indexes.map((index) => index.indexname)).toEqual(['search_terms_key']);
    expect(indexes[0]!.indexdef).toMatch(/UNIQUE INDEX .*\(tenant_id, term text_pattern_ops, creation_date DESC, shipment_id\)/);
    // Both search plans: the sorted matches read the terms table, the newest-first walk the row's terms.
    expect(await search(ref.toLowerCase())).toEqual([id]);
    expect(await search(ref.toLowerCase(), { denseMatches: 0, walkChunk: 1 })).toEqual([id]);
  });

  it('then a term stored twice for one shipment is refused, and a null creation date too', async () => {
    const [first] = await terms();
    await expect(tables().insertInto('search_terms').values(first!).execute()).rejects.toThrow(/search_terms_key/);
    await expect(tables().insertInto('search_terms')
      .values({ tenant_id: log.tenantId, shipment_id: id, term: 'other', creation_date: null as never }).execute())
      .rejects.toThrow(/null/);
  });
});
