import type { Kysely, Migration } from 'kysely';
import type { Position, RecordedEvent } from '@shipledger/event-store';

/**
 * A read model. Its tables live in a Postgres schema of their own (`rm_<name with _>`); the runner hands
 * `apply` a transaction already scoped to that schema (`withSchema`) and writes the checkpoint in the
 * same transaction, so a crash at any point resumes exactly. A rebuild runs the same migrations and
 * events into a fresh schema beside the live one and swaps the two when it has caught up.
 */
export interface Projector {
  /** kebab-case, unique: 'shipment-list'. */
  readonly name: string;
  /** Bump to make the runner rebuild the model from position 0. */
  readonly version: number;
  /** Event types it reads; others advance the checkpoint without reaching apply or applyBatch. */
  readonly handles: readonly string[];
  /** Kysely migrations creating its tables; run on the scoped db (unqualified table names). */
  readonly migrations: Record<string, Migration>;
  // `any` on purpose, the one place the type is erased: the runner holds projectors of many schemas.
  // Each projector declares its parameter as Kysely<ItsTables> (e.g. ShipmentListTables), which the
  // compiler accepts here and checks inside.
  /** Must be idempotent: the same event applied twice leaves the same rows. */
  apply(db: Kysely<any>, event: RecordedEvent): Promise<void>;
  /**
   * Optional: a batch of handled events (in global order) in a few statements instead of several per
   * event. When present the runner and the rebuild call it instead of `apply`, once per batch. It must
   * leave exactly the rows that `apply` on each event in order would, and be idempotent like `apply`:
   * a batch applied again, or overlapping one applied before, changes nothing.
   */
  applyBatch?(db: Kysely<any>, events: readonly RecordedEvent[]): Promise<void>;
}

/**
 * A process manager with effects outside the read models (carrier booking, webhooks, labels). It gets
 * each handled event at least once, in global order; exactly-once effects come from deterministic
 * ids (event ids derived from the causing event id) and expected revisions on the streams it appends.
 */
export interface Reactor {
  readonly name: string;
  readonly handles: readonly string[];
  handle(event: RecordedEvent): Promise<void>;
  /**
   * Optional: the runner gives up on `event` after its tries and is about to park it. The reactor's
   * chance to make the failure visible where users look (a shipment going to `error` with
   * error_details) instead of leaving it waiting. Called once, before the event is parked; a throw
   * is logged and the event is parked all the same.
   */
  onParked?(event: RecordedEvent, error: unknown): Promise<void>;
  /**
   * Optional: a loop every worker process runs for as long as it runs, whether or not it holds this
   * reactor's lease (the webhook sender drains its outbox from every worker; claims, not the lease,
   * share the work). Must resolve soon after `signal` aborts.
   */
  runBeside?(signal: AbortSignal): Promise<void>;
  /**
   * Optional: whether work this reactor set aside past its checkpoint, for events at or before `position`,
   * is still to be done (the booking reactor's backlog). The worker's waitUntilCaughtUp waits for it too.
   */
  hasSetAside?(position: Position): Promise<boolean>;
  /**
   * Optional: how many events the runner may hand over at once (default 1, one after the other).
   * Above 1, events with different ordering keys run side by side and events with the same key one
   * after the other, in order; `handle` must then be safe to run for different keys at the same time.
   */
  readonly concurrency?: number;
  /** The ordering key of an event (default: its stream, e.g. one shipment). */
  orderingKey?(event: RecordedEvent): string;
}

/** The schema that holds a projector's live tables. Queries use `db.kysely.withSchema(...)`. */
export function readModelSchema(projectorName: string): string {
  return `rm_${projectorName.replace(/-/g, '_')}`;
}

/** Where a rebuild builds the tables of the live schema `live`, before the swap. */
export function rebuildSchemaOf(live: string): string {
  return `${live}_rebuild`;
}

/** Where the swap moves the previous live tables of `live` until it drops them. */
export function oldSchemaOf(live: string): string {
  return `${live}_old`;
}
