import { Migrator, sql } from 'kysely';
import type { Database } from '@shipledger/database';
import { PLATFORM_SCHEMA, platformMigrations } from './platform.migrations';

/** Brings the platform schema up to date; safe to call from every process at start. */
export async function migratePlatform(database: Database): Promise<void> {
  await sql`create schema if not exists ${sql.id(PLATFORM_SCHEMA)}`.execute(database.kysely);
  const migrator = new Migrator({
    db: database.kysely,
    provider: { getMigrations: async () => platformMigrations },
    migrationTableSchema: PLATFORM_SCHEMA,
    migrationTableName: 'kysely_migration',
    migrationLockTableName: 'kysely_migration_lock',
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}
