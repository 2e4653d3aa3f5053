import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import type { Database } from './database';

/**
 * Brings one module's schema up to date: creates the schema, then runs its kysely migrations with the
 * migration tables inside that schema. Safe from several processes at once: kysely's migrator holds a
 * lock table, and a lost race on CREATE SCHEMA is recognised (the schema then exists).
 */
export async function migrateModuleSchema<DB>(
  db: Kysely<DB>,
  schema: string,
  migrations: Record<string, Migration>,
): Promise<void> {
  await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(schema)}`.execute(db).catch(async (error: unknown) => {
    const exists = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_namespace WHERE nspname = ${schema}`.execute(db);
    if (exists.rows[0]?.n !== 1) throw error;
  });
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: schema,
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}

/** `migrateModuleSchema` run at most once per Database handle (a failed run is tried again next call). */
export function moduleSchemaOnce(
  schema: string,
  migrations: Record<string, Migration>,
): (database: Database) => Promise<void> {
  const ready = new WeakMap<Database, Promise<void>>();
  return (database) => {
    let done = ready.get(database);
    if (!done) {
      done = migrateModuleSchema(database.kysely, schema, migrations);
      ready.set(database, done);
      done.catch(() => ready.delete(database));
    }
    return done;
  };
}

/**
 * A module's own tables as one typed handle: `(database) => Kysely<Tables>` scoped to `schema`, its
 * migrations run first (once per Database handle). One helper for every module that keeps tables of
 * its own (shipping documents, carriers), instead of an ensure-then-withSchema method in each store.
 */
export function moduleTables<Tables>(
  schema: string,
  migrations: Record<string, Migration>,
): (database: Database) => Promise<Kysely<Tables>> {
  const ensure = moduleSchemaOnce(schema, migrations);
  return async (database) => {
    await ensure(database);
    const db: Kysely<Tables> = database.kysely;
    return db.withSchema(schema);
  };
}
