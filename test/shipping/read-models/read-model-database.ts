import { randomUUID } from 'node:crypto';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import { Pool } from 'pg';
import { openDatabase, type Database } from '@shipledger/database';
import { readModelSchema, type Projector } from '@shipledger/projections';
import type { RecordedEvent } from '@shipledger/event-store';

export const POSTGRES_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh database of the given kind: PGlite in memory, or a new database on the local Postgres. */
export async function freshDatabase(kind: 'pglite' | 'postgres'): Promise<Database> {
  if (kind === 'pglite') return openDatabase({});
  const name = `rm_test_${randomUUID().replace(/-/g, '')}`;
  const admin = new Kysely<any>({ dialect: new PostgresDialect({ pool: new Pool({ connectionString: POSTGRES_URL, max: 1 }) }) });
  await sql`create database ${sql.id(name)}`.execute(admin);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 4 });
  return {
    ...database,
    async close() {
      await database.close();
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
      await admin.destroy();
    },
  };
}

/** The projector's schema and tables, as the projections runner would create them. */
export async function migrateProjector(db: Kysely<any>, projector: Projector): Promise<void> {
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

/** Applies the handled events in one transaction, the way the runner applies a batch. */
export async function applyAll(db: Kysely<any>, projector: Projector, events: readonly RecordedEvent[]): Promise<void> {
  const handled = new Set(projector.handles);
  await db.transaction().execute(async (trx) => {
    const scoped = trx.withSchema(readModelSchema(projector.name));
    for (const event of events) if (handled.has(event.type)) await projector.apply(scoped, event);
  });
}
