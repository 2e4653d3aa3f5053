import { migrateModuleSchema, type Database } from '@shipledger/database';
import { PLATFORM_SCHEMA, platformMigrations } from './platform.migrations';

/** Brings the platform schema up to date; safe to call from every process at start. */
export async function migratePlatform(database: Database): Promise<void> {
  await migrateModuleSchema(database.kysely, PLATFORM_SCHEMA, platformMigrations);
}
