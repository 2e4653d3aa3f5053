import { sql, type Kysely } from 'kysely';
import type { ProjectionsTables } from './projections-tables';
import type { Position, RecordedEvent } from '@shipledger/event-store';
import { PROJECTIONS_SCHEMA } from './projections-schema';

export type FollowerKind = 'projector' | 'reactor';

/** A follower's key (`projector:<name>`, `reactor:<name>`): its lease's name, and its parked-event count's key. */
export function followerKey(kind: FollowerKind, name: string): string {
  return `${kind}:${name}`;
}

/** An event a projector or reactor gave up on after its tries; it stays here until retried or skipped. */
export interface ParkedEvent {
  kind: FollowerKind;
  /** The projector's or reactor's name. */
  follower: string;
  eventId: string;
  eventType: string;
  streamId: string;
  revision: number;
  position: Position;
  attempts: number;
  lastError: string;
  parkedAt: string;
}

/** Longest error text kept per parked event (a stack trace fits). */
const MAX_ERROR_CHARS = 4000;

function schema(db: Kysely<ProjectionsTables>) {
  return db.withSchema(PROJECTIONS_SCHEMA);
}

/**
 * The text kept of an error. A NUL or a lone surrogate — what often made the event poison in the first
 * place — cannot be stored in a text column, so they are written as escapes.
 */
export function describeError(error: unknown): string {
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return text
    .slice(0, MAX_ERROR_CHARS)
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
    .replaceAll('\u0000', '\\u0000');
}

/** Parks a poison event so its follower can go on; parking the same event twice keeps the first row. */
export async function parkEvent(
  db: Kysely<ProjectionsTables>,
  follower: { kind: FollowerKind; name: string },
  event: RecordedEvent,
  attempts: number,
  error: unknown,
): Promise<void> {
  await schema(db)
    .insertInto('parked_events')
    .values(parkedRow(follower, event, attempts, error))
    .onConflict((oc) => oc.columns(['kind', 'follower', 'event_id']).doNothing())
    .execute();
}

export interface PendingPark {
  event: RecordedEvent;
  attempts: number;
  error: unknown;
}

/**
 * A rebuild's swap: the parked list of the projector becomes the one the rebuild found, since the
 * rebuilt tables are what those rows describe. Runs inside the swap transaction.
 */
export async function replaceParkedEvents(trx: Kysely<ProjectionsTables>, projector: string, parked: readonly PendingPark[]): Promise<void> {
  await schema(trx).deleteFrom('parked_events').where('kind', '=', 'projector').where('follower', '=', projector).execute();
  if (parked.length === 0) return;
  await schema(trx)
    .insertInto('parked_events')
    .values(parked.map((p) => parkedRow({ kind: 'projector', name: projector }, p.event, p.attempts, p.error)))
    .onConflict((oc) => oc.columns(['kind', 'follower', 'event_id']).doNothing())
    .execute();
}

function parkedRow(follower: { kind: FollowerKind; name: string }, event: RecordedEvent, attempts: number, error: unknown) {
  return {
    kind: follower.kind,
    follower: follower.name,
    event_id: event.id,
    event_type: event.type,
    stream_id: event.streamId,
    revision: event.revision,
    position: event.position,
    attempts,
    last_error: describeError(error),
  };
}

/** Parked events, oldest first; only those of the projector or reactor `follower` when given. */
export async function listParkedEvents(db: Kysely<ProjectionsTables>, follower?: string): Promise<ParkedEvent[]> {
  let query = schema(db).selectFrom('parked_events').selectAll().orderBy('position').orderBy('kind').orderBy('follower');
  if (follower) query = query.where('follower', '=', follower);
  const rows = await query.execute();
  return rows.map((r: any) => ({
    kind: r.kind,
    follower: r.follower,
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

/** Parked events per follower (`projector:<name>` / `reactor:<name>`); followers without any are absent. */
export async function countParkedEvents(db: Kysely<ProjectionsTables>): Promise<Map<string, number>> {
  const rows = await schema(db)
    .selectFrom('parked_events')
    .select(['kind', 'follower', (eb) => eb.fn.countAll().as('n')])
    .groupBy(['kind', 'follower'])
    .execute();
  return new Map(rows.map((r: any) => [followerKey(r.kind, r.follower), Number(r.n)]));
}

export async function unparkEvent(db: Kysely<ProjectionsTables>, kind: FollowerKind, follower: string, eventId: string): Promise<boolean> {
  const result = await schema(db)
    .deleteFrom('parked_events')
    .where('kind', '=', kind)
    .where('follower', '=', follower)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A retry that failed again: the row stays, with one more attempt and the new error. */
export async function recordFailedRetry(db: Kysely<ProjectionsTables>, kind: FollowerKind, follower: string, eventId: string, error: unknown): Promise<void> {
  await schema(db)
    .updateTable('parked_events')
    .set({ attempts: sql`attempts + 1`, last_error: describeError(error) })
    .where('kind', '=', kind)
    .where('follower', '=', follower)
    .where('event_id', '=', eventId)
    .execute();
}
