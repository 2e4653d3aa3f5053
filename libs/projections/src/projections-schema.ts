import { Kysely, Migrator, sql, type Migration } from 'kysely';
import type { ProjectionsTables } from './projections-tables';

/** The schema holding the runners' own bookkeeping: checkpoints, parked events, rebuild claims. */
export const PROJECTIONS_SCHEMA = 'projections';

const migrations: Record<string, Migration> = {
  '0001_checkpoints': {
    async up(db) {
      await db.schema
        .createTable('projection_checkpoints')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('version', 'integer', (c) => c.notNull())
        // NULL: nothing processed yet (replay from the very start).
        .addColumn('position', 'text')
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createTable('reactor_checkpoints')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('position', 'text')
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createTable('parked_events')
        .addColumn('reactor', 'text', (c) => c.notNull())
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('event_type', 'text', (c) => c.notNull())
        .addColumn('stream_id', 'text', (c) => c.notNull())
        .addColumn('revision', 'integer', (c) => c.notNull())
        .addColumn('position', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('last_error', 'text', (c) => c.notNull())
        .addColumn('parked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('parked_events_pk', ['reactor', 'event_id'])
        .execute();
      await db.schema
        .createTable('projection_rebuilds')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('owner', 'text', (c) => c.notNull())
        .addColumn('position', 'text')
        .addColumn('processed', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('total', 'bigint')
        .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('heartbeat_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },
  '0002_follower_leases': {
    async up(db) {
      await db.schema
        .createTable('follower_leases')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('owner', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .execute();
    },
  },
  '0003_parked_projector_events': {
    // Projectors park poison events too: a row names its follower's kind and name.
    async up(db) {
      await db.schema.alterTable('parked_events').renameColumn('reactor', 'follower').execute();
      await db.schema
        .alterTable('parked_events')
        .addColumn('kind', 'text', (c) => c.notNull().defaultTo('reactor'))
        .execute();
      await db.schema.alterTable('parked_events').dropConstraint('parked_events_pk').execute();
      await db.schema
        .alterTable('parked_events')
        .addPrimaryKeyConstraint('parked_events_pk', ['kind', 'follower', 'event_id'])
        .execute();
    },
  },
};

/** Creates or upgrades the `projections` schema. Idempotent; safe from several processes at once. */
export async function migrateProjectionsSchema(db: Kysely<ProjectionsTables>): Promise<void> {
  await runMigrations(db, PROJECTIONS_SCHEMA, migrations);
}

/**
 * Runs `migrations` inside `schema`, with kysely's migration tables in that schema too, so a schema
 * renamed by a rebuild swap carries its migration history along.
 */
export async function runMigrations<DB>(
  db: Kysely<DB>,
  schema: string,
  migrations: Record<string, Migration>,
): Promise<void> {
  const migrator = new Migrator({
    db: db.withSchema(schema),
    migrationTableSchema: schema,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`migrations of schema ${schema} failed${failed ? ` at ${failed}` : ''}: ${describe(error)}`, {
      cause: error,
    });
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
