import type { Kysely } from 'kysely';
import type { ProjectionsTables } from './projections-tables';
import { readModelSchema, type Projector } from './projector';
import { assertProjectorName } from './apply-events';
import { createCheckpoint, readCheckpoint, type ProjectionCheckpoint } from './projection-checkpoints';
import { migrateProjectionsSchema, runMigrations } from './projections-schema';

/** The checkpoint says a newer version of this projector owns the tables: this process must not write. */
export class ProjectorOutdatedError extends Error {
  constructor(readonly projector: string, readonly running: number, readonly stored: number) {
    super(`projector ${projector} v${running} is older than its read model (v${stored}); not running it`);
    this.name = 'ProjectorOutdatedError';
  }
}

/**
 * Start-up migrations of one projector's live schema. A first start creates the schema and a
 * "nothing processed" checkpoint; the same version runs its new migrations on the live schema; a
 * newer version leaves the live tables to serve until its rebuild swaps them (the runner does that).
 */
export async function prepareReadModel(db: Kysely<ProjectionsTables>, projector: Projector): Promise<ProjectionCheckpoint> {
  assertProjectorName(projector.name);
  const { name, version } = projector;
  let stored = await readCheckpoint(db, name);
  if (!stored || stored.version === version) {
    await runMigrations(db, readModelSchema(name), projector.migrations);
  }
  if (!stored) {
    await createCheckpoint(db, name, version);
    stored = await readCheckpoint(db, name);
    if (!stored) throw new Error(`checkpoint of ${name} vanished during start-up`);
  }
  if (stored.version > version) throw new ProjectorOutdatedError(name, version, stored.version);
  return stored;
}

/**
 * What an API process that runs no worker calls on start, so its queries find their tables at once:
 * the `projections` schema and every projector's live schema, migrated. Idempotent, and safe beside a
 * worker doing the same (kysely's migration lock serialises them).
 */
export async function migrateReadModels(db: Kysely<ProjectionsTables>, projectors: readonly Projector[]): Promise<void> {
  await migrateProjectionsSchema(db);
  for (const projector of projectors) {
    await prepareReadModel(db, projector).catch((error) => {
      if (!(error instanceof ProjectorOutdatedError)) throw error;
    });
  }
}
