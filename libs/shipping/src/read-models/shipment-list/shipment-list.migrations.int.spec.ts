import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@shipledger/database';
import { readModelSchema, runMigrations } from '@shipledger/projections';
import { openTestDatabase } from '../../../../testing/src/test-database';
import { applyAll } from '../../../../testing/src/projection-spec';
import { sampleContent, ShipmentEventLog } from '../../../../../test/shipping/read-models/shipment-events.fixture';
import { parseListShipmentsQuery } from '../../application/list-shipments/list-shipments.query';
import type { ShipmentListTables } from '../../storage/shipping-database';
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
  let log: ShipmentEventLog;

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

  it('given terms stored under 0002 and an orphan without a creation date, when 0003 runs, then one unique index keys the same terms', async () => {
    await sql`create schema if not exists ${sql.id(schema)}`.execute(database.kysely);
    await runMigrations(database.kysely, schema, upTo('0002_search_terms_creation_date'));
    log = new ShipmentEventLog();
    log.draft(id, '2026-11-01T10:00:00.000Z', sampleContent({ ref }));
    await applyAll(database.kysely, shipmentListProjector, log.events);
    const stored = await terms();
    expect(stored.length).toBeGreaterThan(5);
    await tables().insertInto('search_terms').values({ tenant_id: log.tenantId, shipment_id: 'gone', term: 'orphan', creation_date: null as never })
      .execute();

    await runMigrations(database.kysely, schema, shipmentListMigrations);

    expect(await terms()).toEqual(stored);
    const indexes = await termIndexes();
    expect(indexes.map((index) => index.indexname)).toEqual(['search_terms_key']);
    expect(indexes[0]!.indexdef).toMatch(/UNIQUE INDEX .*\(tenant_id, term text_pattern_ops, creation_date DESC, shipment_id\)/);
    const found = await listShipments(database.kysely, log.tenantId, parseListShipmentsQuery({ search_string: ref.toLowerCase() }), '*');
    expect(found.map((shipment) => shipment.shipment_id)).toEqual([id]);
  });

  it('then a term stored twice for one shipment is refused, and a null creation date too', async () => {
    const [first] = await terms();
    await expect(tables().insertInto('search_terms').values(first!).execute())
      .rejects.toThrow(/search_terms_key/);
    await expect(tables().insertInto('search_terms')
      .values({ tenant_id: log.tenantId, shipment_id: id, term: 'other', creation_date: null as never }).execute())
      .rejects.toThrow(/null/);
  });
});
