import { sql, type Kysely } from 'kysely';
import type { ProjectionsTables } from './projections-tables';
import type { Position } from '@shipledger/event-store';
import { PROJECTIONS_SCHEMA } from './projections-schema';

/** A claim whose heartbeat is older than this belongs to a process that died; another may take it. */
const STALE_AFTER_SECONDS = 120;

export class RebuildInProgressError extends Error {
  constructor(readonly projector: string, readonly owner: string) {
    super(`a rebuild of ${projector} is already running (${owner})`);
    this.name = 'RebuildInProgressError';
  }
}

export interface RebuildClaim {
  name: string;
  owner: string;
  position: Position | undefined;
  processed: number;
  total: number | undefined;
  startedAt: string;
  heartbeatAt: string;
}

function rebuilds(db: Kysely<ProjectionsTables>) {
  return db.withSchema(PROJECTIONS_SCHEMA);
}

/**
 * Invariant: at most one rebuild per projector holds a fresh claim. The insert-or-take-over is one
 * statement: the conflicting row is updated only when its heartbeat is stale, and the row lock of
 * ON CONFLICT makes two concurrent claimants see each other, so exactly one gets a row back.
 */
export async function claimRebuild(db: Kysely<ProjectionsTables>, name: string, owner: string): Promise<void> {
  const claimed = await rebuilds(db)
    .insertInto('projection_rebuilds')
    .values({ name, owner })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({
          owner,
          position: null,
          processed: 0,
          total: null,
          started_at: sql`now()`,
          heartbeat_at: sql`now()`,
        })
        .where(sql<boolean>`projection_rebuilds.heartbeat_at < now() - make_interval(secs => ${STALE_AFTER_SECONDS})`),
    )
    .returning('owner')
    .executeTakeFirst();
  if (claimed) return;
  const holder = await readRebuildClaim(db, name);
  throw new RebuildInProgressError(name, holder?.owner ?? 'unknown');
}

/** Records progress and keeps the claim fresh; fails if another process took the claim over. */
export async function heartbeatRebuild(
  db: Kysely<ProjectionsTables>,
  name: string,
  owner: string,
  progress: { position: Position | undefined; processed: number; total: number | undefined },
): Promise<void> {
  const result = await rebuilds(db)
    .updateTable('projection_rebuilds')
    .set({
      position: progress.position ?? null,
      processed: progress.processed,
      total: progress.total ?? null,
      heartbeat_at: sql`now()`,
    })
    .where('name', '=', name)
    .where('owner', '=', owner)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new RebuildInProgressError(name, 'another process took it over');
}

export async function releaseRebuild(db: Kysely<ProjectionsTables>, name: string, owner: string): Promise<void> {
  await rebuilds(db).deleteFrom('projection_rebuilds').where('name', '=', name).where('owner', '=', owner).execute();
}

export async function readRebuildClaim(db: Kysely<ProjectionsTables>, name: string): Promise<RebuildClaim | undefined> {
  return (await readRebuildClaims(db)).find((c) => c.name === name);
}

export async function readRebuildClaims(db: Kysely<ProjectionsTables>): Promise<RebuildClaim[]> {
  const rows = await rebuilds(db).selectFrom('projection_rebuilds').selectAll().orderBy('name').execute();
  return rows.map((row: any) => ({
    name: row.name,
    owner: row.owner,
    position: row.position ?? undefined,
    processed: Number(row.processed),
    total: row.total === null ? undefined : Number(row.total),
    startedAt: new Date(row.started_at).toISOString(),
    heartbeatAt: new Date(row.heartbeat_at).toISOString(),
  }));
}
