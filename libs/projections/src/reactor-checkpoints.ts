import { sql, type Kysely } from 'kysely';
import type { ProjectionsTables } from './projections-tables';
import type { Position } from '@shipledger/event-store';
import { PROJECTIONS_SCHEMA } from './projections-schema';

function schema(db: Kysely<ProjectionsTables>) {
  return db.withSchema(PROJECTIONS_SCHEMA);
}

export async function readReactorPosition(db: Kysely<ProjectionsTables>, name: string): Promise<Position | undefined> {
  const row = await schema(db).selectFrom('reactor_checkpoints').select('position').where('name', '=', name).executeTakeFirst();
  return row?.position ?? undefined;
}

export async function readAllReactorCheckpoints(
  db: Kysely<ProjectionsTables>,
): Promise<{ name: string; position: Position | undefined; updatedAt: string }[]> {
  const rows = await schema(db).selectFrom('reactor_checkpoints').selectAll().orderBy('name').execute();
  return rows.map((r: any) => ({ name: r.name, position: r.position ?? undefined, updatedAt: new Date(r.updated_at).toISOString() }));
}

/**
 * Invariant: a reactor's checkpoint only moves forward. Two processes running the same reactor (a
 * rolling deploy) may both handle an event — reactors are at-least-once by contract — but the slower
 * one can never move the checkpoint back and make every process redo work.
 */
export async function saveReactorPosition(db: Kysely<ProjectionsTables>, name: string, position: Position): Promise<void> {
  await schema(db)
    .insertInto('reactor_checkpoints')
    .values({ name, position })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ position, updated_at: sql`now()` })
        .where(sql<boolean>`reactor_checkpoints.position is null or reactor_checkpoints.position < ${position}`),
    )
    .execute();
}
