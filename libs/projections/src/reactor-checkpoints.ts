import { sql, type Kysely } from 'kysely';
import type { Position, RecordedEvent } from '@shipledger/event-store';
import { PROJECTIONS_SCHEMA } from './projections-schema';

export interface ParkedEvent {
  reactor: string;
  eventId: string;
  eventType: string;
  streamId: string;
  revision: number;
  position: Position;
  attempts: number;
  lastError: string;
  parkedAt: string;
}

function schema(db: Kysely<any>) {
  return db.withSchema(PROJECTIONS_SCHEMA);
}

export async function readReactorPosition(db: Kysely<any>, name: string): Promise<Position | undefined> {
  const row = await schema(db).selectFrom('reactor_checkpoints').select('position').where('name', '=', name).executeTakeFirst();
  return row?.position ?? undefined;
}

export async function readAllReactorCheckpoints(
  db: Kysely<any>,
): Promise<{ name: string; position: Position | undefined; updatedAt: string }[]> {
  const rows = await schema(db).selectFrom('reactor_checkpoints').selectAll().orderBy('name').execute();
  return rows.map((r: any) => ({ name: r.name, position: r.position ?? undefined, updatedAt: new Date(r.updated_at).toISOString() }));
}

/**
 * Invariant: a reactor's checkpoint only moves forward. Two processes running the same reactor (a
 * rolling deploy) may both handle an event — reactors are at-least-once by contract — but the slower
 * one can never move the checkpoint back and make every process redo work.
 */
export async function saveReactorPosition(db: Kysely<any>, name: string, position: Position): Promise<void> {
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

/** Parks a poison event so the reactor can go on; parking the same event twice keeps the first row. */
export async function parkEvent(
  db: Kysely<any>,
  reactor: string,
  event: RecordedEvent,
  attempts: number,
  error: unknown,
): Promise<void> {
  await schema(db)
    .insertInto('parked_events')
    .values({
      reactor,
      event_id: event.id,
      event_type: event.type,
      stream_id: event.streamId,
      revision: event.revision,
      position: event.position,
      attempts,
      last_error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    })
    .onConflict((oc) => oc.columns(['reactor', 'event_id']).doNothing())
    .execute();
}

export async function listParkedEvents(db: Kysely<any>, reactor?: string): Promise<ParkedEvent[]> {
  let query = schema(db).selectFrom('parked_events').selectAll().orderBy('position');
  if (reactor) query = query.where('reactor', '=', reactor);
  const rows = await query.execute();
  return rows.map((r: any) => ({
    reactor: r.reactor,
    eventId: r.event_id,
    eventType: r.event_type,
    streamId: r.stream_id,
    revision: Number(r.revision),
    position: r.position,
    attempts: Number(r.attempts),
    lastError: r.last_error,
    parkedAt: new Date(r.parked_at).toISOString(),
  }));
}

export async function unparkEvent(db: Kysely<any>, reactor: string, eventId: string): Promise<void> {
  await schema(db).deleteFrom('parked_events').where('reactor', '=', reactor).where('event_id', '=', eventId).execute();
}
