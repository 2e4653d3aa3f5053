import { sql, type Kysely } from 'kysely';
import type { ProjectionsTables } from './projections-tables';
import type { Position } from '@shipledger/event-store';
import { PROJECTIONS_SCHEMA } from './projections-schema';

export interface ProjectionCheckpoint {
  name: string;
  version: number;
  /** Last event the live tables hold; undefined before the first one. */
  position: Position | undefined;
  updatedAt: string;
}

/** Thrown inside a batch transaction when another runner (or a rebuild swap) moved the checkpoint. */
export class CheckpointMovedError extends Error {
  constructor(readonly projector: string) {
    super(`checkpoint of ${projector} moved under this runner; reloading it`);
    this.name = 'CheckpointMovedError';
  }
}

export function checkpointsTable(db: Kysely<ProjectionsTables>) {
  return db.withSchema(PROJECTIONS_SCHEMA).selectFrom('projection_checkpoints');
}

export async function readCheckpoint(db: Kysely<ProjectionsTables>, name: string): Promise<ProjectionCheckpoint | undefined> {
  const row = await checkpointsTable(db).selectAll().where('name', '=', name).executeTakeFirst();
  return row ? toCheckpoint(row) : undefined;
}

export async function readAllCheckpoints(db: Kysely<ProjectionsTables>): Promise<ProjectionCheckpoint[]> {
  const rows = await checkpointsTable(db).selectAll().orderBy('name').execute();
  return rows.map(toCheckpoint);
}

/** First start of a projector: a checkpoint "nothing processed yet" (a concurrent first start keeps its own). */
export async function createCheckpoint(db: Kysely<ProjectionsTables>, name: string, version: number): Promise<void> {
  await db
    .withSchema(PROJECTIONS_SCHEMA)
    .insertInto('projection_checkpoints')
    .values({ name, version, position: null })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/**
 * Locks the checkpoint row for the rest of the transaction and returns it.
 *
 * Invariant: every writer of a projector's tables (its batch transactions, a rebuild's swap) takes this
 * row lock FIRST, before touching any table. Writers of one projector therefore run one after the other,
 * a writer that waited sees the checkpoint its predecessor committed (READ COMMITTED re-reads the locked
 * row), and no lock-order deadlock with the schema rename/drop of a swap is possible.
 */
export async function lockCheckpoint(trx: Kysely<ProjectionsTables>, name: string, searchPath?: string): Promise<ProjectionCheckpoint | undefined> {
  // `searchPath`: the same statement sets the transaction's search_path (evaluated for the one locked row).
  const row = await checkpointsTable(trx).selectAll()
    .$if(searchPath !== undefined, (query) => query.select(sql<string>`set_config('search_path', ${searchPath}, true)`.as('search_path')))
    .where('name', '=', name).forUpdate().executeTakeFirst();
  return row ? toCheckpoint(row) : undefined;
}

/** Inside the transaction that holds the row lock (lockCheckpoint): the tables now hold `position`. */
export async function saveCheckpoint(
  trx: Kysely<ProjectionsTables>,
  name: string,
  version: number,
  position: Position | undefined,
): Promise<void> {
  await trx
    .withSchema(PROJECTIONS_SCHEMA)
    .insertInto('projection_checkpoints')
    .values({ name, version, position: position ?? null })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({ version, position: position ?? null, updated_at: sql`now()` }),
    )
    .execute();
}

export async function deleteCheckpoint(db: Kysely<ProjectionsTables>, name: string): Promise<void> {
  await db.withSchema(PROJECTIONS_SCHEMA).deleteFrom('projection_checkpoints').where('name', '=', name).execute();
}

function toCheckpoint(row: any): ProjectionCheckpoint {
  return {
    name: row.name,
    version: Number(row.version),
    position: row.position ?? undefined,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
