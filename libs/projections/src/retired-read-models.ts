import { sql, type Kysely } from 'kysely';
import type { ProjectionsTables } from './projections-tables';
import { PROJECTIONS_SCHEMA } from './projections-schema';
import { oldSchemaOf, readModelSchema, rebuildSchemaOf, type Projector } from './projector';
import { deleteCheckpoint, readAllCheckpoints } from './projection-checkpoints';
import { readLiveLeases } from './follower-lease';
import { dropSchema } from './schema-swap';
import { followerKey } from './parked-events';

/** What projectors that are no longer in the code left behind. */
export interface RetiredReadModels {
  /** `rm_…` schemas that are no registered projector's live, `_rebuild` or `_old` schema. */
  schemas: string[];
  /** Names of checkpoints (with their rebuild claims and parked events) of no registered projector. */
  projectors: string[];
}

/** A retired projector is still run by a process of an older version (a rolling deploy not finished). */
export class RetiredProjectorStillRunningError extends Error {
  constructor(readonly running: readonly string[]) {
    super(`still run by a live worker (lease held): ${running.join(', ')}; stop the older processes first`);
    this.name = 'RetiredProjectorStillRunningError';
  }
}

/**
 * The read models of projectors the code no longer has (renamed or merged away): their schemas and
 * their rows in the `projections` schema. Nothing reads them; a newer version never drops them on start,
 * because instances of the older one may still serve and write them during a rolling deploy.
 */
export async function findRetiredReadModels(db: Kysely<ProjectionsTables>, projectors: readonly Projector[]): Promise<RetiredReadModels> {
  const owned = new Set(projectors.flatMap((p) => {
    const schema = readModelSchema(p.name);
    return [schema, rebuildSchemaOf(schema), oldSchemaOf(schema)];
  }));
  const names = new Set(projectors.map((p) => p.name));
  const { rows } = await sql<{ name: string }>`select nspname as name from pg_namespace
    where nspname like 'rm\\_%' order by nspname`.execute(db);
  const checkpoints = await readAllCheckpoints(db);
  return {
    schemas: rows.map((row) => row.name).filter((schema) => !owned.has(schema)),
    projectors: checkpoints.map((row) => row.name).filter((name) => !names.has(name)),
  };
}

/**
 * Drops what findRetiredReadModels finds, in one transaction: the schemas, and each retired projector's
 * checkpoint, rebuild claim and parked events. Refused, with nothing dropped, while a live worker holds
 * the lease of a retired projector.
 */
export async function dropRetiredReadModels(db: Kysely<ProjectionsTables>, projectors: readonly Projector[]): Promise<RetiredReadModels> {
  return db.transaction().execute(async (trx) => {
    const retired = await findRetiredReadModels(trx, projectors);
    if (retired.projectors.length > 0) {
      const leases = retired.projectors.map((name) => followerKey('projector', name));
      const live = await readLiveLeases(trx);
      const running = leases.filter((lease) => live.has(lease));
      if (running.length > 0) throw new RetiredProjectorStillRunningError(running);
      const scoped = trx.withSchema(PROJECTIONS_SCHEMA);
      await scoped.deleteFrom('parked_events').where('kind', '=', 'projector').where('follower', 'in', retired.projectors).execute();
      await scoped.deleteFrom('projection_rebuilds').where('name', 'in', retired.projectors).execute();
      await scoped.deleteFrom('follower_leases').where('name', 'in', leases).execute();
      for (const name of retired.projectors) await deleteCheckpoint(trx, name);
    }
    for (const schema of retired.schemas) await dropSchema(trx, schema);
    return retired;
  });
}
