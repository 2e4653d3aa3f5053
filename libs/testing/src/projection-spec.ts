import { Migrator, sql, type Kysely } from 'kysely';
import type { Database } from '@shipledger/database';
import type { RecordedEvent } from '@shipledger/event-store';
import { readModelSchema, type Projector } from '@shipledger/projections';
import { openTestDatabase, type DatabaseKind } from './test-database';

/*
 * Projection specifications: given events, then rows. A projector must be idempotent (the runner
 * delivers at least once), so every `then` applies the events a second time and checks that the rows
 * did not move. Helpers take any schema (`Kysely<DB>`): the projector's own type is its business.
 */

/** The projector's schema and tables, as the projections runner would create them. */
export async function migrateProjector<DB>(db: Kysely<DB>, projector: Projector): Promise<void> {
  const schema = readModelSchema(projector.name);
  await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
  const migrator = new Migrator({
    db: db.withSchema(schema),
    migrationTableSchema: schema,
    provider: { getMigrations: async () => projector.migrations },
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}

/** Applies the handled events one `apply` at a time, in one transaction. */
export async function applyAll<DB>(db: Kysely<DB>, projector: Projector, events: readonly RecordedEvent[]): Promise<void> {
  const handled = new Set(projector.handles);
  await db.transaction().execute(async (trx) => {
    const scoped = trx.withSchema(readModelSchema(projector.name));
    for (const event of events) if (handled.has(event.type)) await projector.apply(scoped, event);
  });
}

/** The handled events as the runner applies them with applyBatch: one call per batch of `size`, each in a transaction. */
export async function applyInBatches<DB>(db: Kysely<DB>, projector: Projector, events: readonly RecordedEvent[], size: number): Promise<void> {
  const handled = events.filter((event) => projector.handles.includes(event.type));
  for (let start = 0; start < handled.length; start += size) {
    await db.transaction().execute((trx) => projector.applyBatch!(trx.withSchema(readModelSchema(projector.name)), handled.slice(start, start + size)));
  }
}

/** Every table of a projector's schema (kysely's own left out), rows as sorted JSON: two builds compare equal. */
export async function readModelTables<DB>(db: Kysely<DB>, projector: Projector, schema = readModelSchema(projector.name)): Promise<Record<string, string[]>> {
  const { rows: tables } = await sql<{ table_name: string }>`select table_name from information_schema.tables
    where table_schema = ${schema} and table_name not like 'kysely_%' order by table_name`.execute(db);
  const result: Record<string, string[]> = {};
  for (const { table_name: table } of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.id(schema, table)}`.execute(db);
    result[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return result;
}

export interface ProjectionSpec {
  /** The suite's scratch database, its projector schema migrated (open from beforeAll to afterAll). */
  readonly database: Database;
  /**
   * given events (applied one `apply` at a time) → then the rows `read` returns: equal to `expected`
   * when given, and unchanged after the same events are applied a second time. Resolves to the rows.
   */
  given(events: readonly RecordedEvent[]): { then<T>(read: (database: Database) => Promise<T>, expected?: T): Promise<T> };
}

/** A projection spec on a fresh database of `kind`; registers its own beforeAll/afterAll. */
export function projectionSpec(projector: Projector, kind: DatabaseKind): ProjectionSpec {
  let database: Database | undefined;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await migrateProjector(database.kysely, projector);
  });
  afterAll(() => database?.close());
  const opened = (): Database => {
    if (!database) throw new Error('projectionSpec: the database opens in beforeAll');
    return database;
  };
  return {
    get database() {
      return opened();
    },
    given: (events) => ({
      async then(read, expected) {
        const db = opened();
        await applyAll(db.kysely, projector, events);
        const rows = await read(db);
        if (expected !== undefined) expect(rows).toEqual(expected);
        await applyAll(db.kysely, projector, events);
        expect(await read(db)).toEqual(rows);
        return rows;
      },
    }),
  };
}
