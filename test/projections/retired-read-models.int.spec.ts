import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import {
  dropRetiredReadModels, findRetiredReadModels, migrateProjectionsSchema, PROJECTIONS_SCHEMA, readModelSchema, RetiredProjectorStillRunningError,
} from '@shipledger/projections';
import type { Database } from '@shipledger/database';
import { DATABASE_KINDS, openTestDatabase } from '../../libs/testing/src/test-database';
import { parcelProjector } from './support/parcel-projector';

describe.each(DATABASE_KINDS)('read models of projectors the code no longer has, on %s', (kind) => {
  let database: Database;
  const kept = parcelProjector();
  const retired = `retired-${randomUUID().slice(0, 8)}`;

  beforeEach(async () => {
    database = await openTestDatabase(kind);
    await migrateProjectionsSchema(database.kysely);
    // Given a registered projector's live and rebuild schemas, and a retired projector's schema, checkpoint,
    // rebuild claim and parked event
    for (const schema of [readModelSchema(kept.name), `${readModelSchema(kept.name)}_rebuild`, readModelSchema(retired)]) {
      await sql`create schema ${sql.id(schema)}`.execute(database.kysely);
      await sql`create table ${sql.id(schema, 'rows')} (id text)`.execute(database.kysely);
    }
    const bookkeeping = database.kysely.withSchema(PROJECTIONS_SCHEMA);
    await bookkeeping.insertInto('projection_checkpoints').values([
      { name: kept.name, version: 1, position: null }, { name: retired, version: 3, position: '0000000000000009' },
    ]).execute();
    await bookkeeping.insertInto('projection_rebuilds').values({ name: retired, owner: 'old-host' }).execute();
    await bookkeeping.insertInto('parked_events').values({
      kind: 'projector', follower: retired, event_id: randomUUID(), event_type: 'ParcelShipped', stream_id: 'parcel-1',
      revision: 0, position: '0000000000000004', attempts: 3, last_error: 'Error: gone',
    }).execute();
  });
  afterEach(() => database.close());

  const schemas = async () => (await sql<{ name: string }>`select nspname as name from pg_namespace where nspname like 'rm\\_%' order by 1`
    .execute(database.kysely)).rows.map((row) => row.name);
  const rows = (table: 'projection_checkpoints' | 'projection_rebuilds') =>
    database.kysely.withSchema(PROJECTIONS_SCHEMA).selectFrom(table).select('name').orderBy('name').execute();

  it('finds only the retired one, and drops its schema and bookkeeping, leaving the registered one alone', async () => {
    // When they are listed, then dropped
    const found = await findRetiredReadModels(database.kysely, [kept]);
    const dropped = await dropRetiredReadModels(database.kysely, [kept]);
    // Then both name the retired schema and projector only
    expect(found).toEqual({ schemas: [readModelSchema(retired)], projectors: [retired] });
    expect(dropped).toEqual(found);
    // And the registered projector keeps its schemas and checkpoint; nothing of the retired one is left
    expect(await schemas()).toEqual([readModelSchema(kept.name), `${readModelSchema(kept.name)}_rebuild`]);
    expect(await rows('projection_checkpoints')).toEqual([{ name: kept.name }]);
    expect(await rows('projection_rebuilds')).toEqual([]);
    expect(await database.kysely.withSchema(PROJECTIONS_SCHEMA).selectFrom('parked_events').select('follower').execute()).toEqual([]);
    expect(await findRetiredReadModels(database.kysely, [kept])).toEqual({ schemas: [], projectors: [] });
  });

  it('refuses, dropping nothing, while a live worker still runs the retired projector', async () => {
    // Given an older worker holding the retired projector's lease
    await database.kysely.withSchema(PROJECTIONS_SCHEMA).insertInto('follower_leases')
      .values({ name: `projector:${retired}`, owner: 'old-host', expires_at: new Date(Date.now() + 60_000) }).execute();
    // When the drop is asked for
    const refused = dropRetiredReadModels(database.kysely, [kept]);
    // Then it is refused and the retired schema and checkpoint are still there
    await expect(refused).rejects.toBeInstanceOf(RetiredProjectorStillRunningError);
    expect(await schemas()).toContain(readModelSchema(retired));
    expect(await rows('projection_checkpoints')).toContainEqual({ name: retired });
  });
});
