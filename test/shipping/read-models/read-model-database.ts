import { Migrator, sql, type Kysely } from 'kysely';
import type { Database } from '@shipledger/database';
import { readModelSchema, type Projector } from '@shipledger/projections';
import type { RecordedEvent } from '@shipledger/event-store';
import { createPgliteDatabase, createTestDatabase } from '../../../libs/testing/src/test-database';

/** A fresh database of the given kind (PGlite in memory, or a new database on the test Postgres); close() drops it. */
export async function freshDatabase(kind: 'pglite' | 'postgres'): Promise<Database> {
  const fresh = kind === 'pglite' ? await createPgliteDatabase() : await createTestDatabase();
  return { ...fresh.database, close: () => fresh.drop() };
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
