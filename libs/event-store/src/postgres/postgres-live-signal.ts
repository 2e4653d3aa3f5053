import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { PoolClient } from 'pg';
import type { Database } from '@shipledger/database';
import { changeSignalFor, type ChangeSignal } from '../subscription/change-signal';
import type { LiveSignal } from '../subscription/live-signal';

const CHANNEL = 'event_store';
/** After a failed LISTEN connection, subscriptions poll for this long before it is tried again. */
const RELISTEN_AFTER_MS = 5_000;
/**
 * At most one NOTIFY per interval per process; other processes' subscribers wait ≤ this much longer.
 * A NOTIFY is a transaction of its own with a commit to flush, so under load each one costs the
 * appenders noticeably.
 */
const NOTIFY_INTERVAL_MS = 50;

/**
 * Same-process appends wake subscriptions in-process at once; other processes hear a NOTIFY sent after
 * commit on a LISTEN connection taken from the pool. NOTIFYs are coalesced (one in flight, at most
 * one more queued, at most one per NOTIFY_INTERVAL_MS), so concurrent writers do not each pay a
 * statement and the notify queue lock. A lost NOTIFY costs latency only: subscriptions also poll.
 * A NOTIFY carries the id of the handle's signal that sent it, and that handle's listener ignores its
 * own: its appends woke it in-process already, and a second wake-up made every subscription read again
 * and find nothing (one empty read and one held-back check per NOTIFY).
 */
export class PostgresLiveSignal implements LiveSignal {
  private readonly changes: ChangeSignal;
  /** Every PostgresLiveSignal on one database handle shares its ChangeSignal, so they share this id. */
  private readonly origin: string;
  private listener?: PoolClient;
  private connecting?: Promise<void>;
  private lastListenFailure = 0;
  private notifying?: Promise<void>;
  private notifyAgain = false;
  private closed = false;

  constructor(private readonly database: Database) {
    this.changes = changeSignalFor(database);
    this.origin = originOf(this.changes);
  }

  get version(): number {
    return this.changes.version;
  }

  waitForChange(since: number, timeoutMs: number, abort: AbortSignal): Promise<void> {
    this.listen();
    return this.changes.waitForChange(since, timeoutMs, abort);
  }

  appended(): void {
    this.changes.bump();
    if (this.closed) return;
    if (this.notifying) {
      this.notifyAgain = true;
      return;
    }
    this.notifying = this.sendNotifications().finally(() => {
      this.notifying = undefined;
    });
  }

  listen(): void {
    if (this.closed || this.listener || this.connecting || !this.database.pool) return;
    if (Date.now() - this.lastListenFailure < RELISTEN_AFTER_MS) return;
    this.connecting = this.connect().finally(() => {
      this.connecting = undefined;
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.connecting;
    await this.notifying;
    const listener = this.listener;
    this.listener = undefined;
    if (listener) {
      await listener.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
      listener.release();
    }
  }

  private async sendNotifications(): Promise<void> {
    do {
      this.notifyAgain = false;
      const sentAt = Date.now();
      await sql`SELECT pg_notify(${CHANNEL}, ${this.origin})`.execute(this.database.kysely).catch(() => undefined);
      const wait = NOTIFY_INTERVAL_MS - (Date.now() - sentAt);
      if (this.notifyAgain && !this.closed && wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    } while (this.notifyAgain && !this.closed);
  }

  private async connect(): Promise<void> {
    let client: PoolClient | undefined;
    try {
      client = await this.database.pool!.connect();
      client.on('notification', (notification) => {
        if (notification.payload !== this.origin) this.changes.bump();
      });
      client.on('error', () => this.drop(client!));
      await client.query(`LISTEN ${CHANNEL}`);
      if (this.closed) throw new Error('closed while connecting');
      this.listener = client;
      // Events committed while no one was listening: re-read once.
      this.changes.bump();
    } catch {
      this.lastListenFailure = Date.now();
      if (client) client.release(true);
    }
  }

  private drop(client: PoolClient): void {
    if (this.listener !== client) return;
    this.listener = undefined;
    this.lastListenFailure = Date.now();
    client.release(true);
  }
}

const origins = new WeakMap<ChangeSignal, string>();

function originOf(changes: ChangeSignal): string {
  let origin = origins.get(changes);
  if (!origin) {
    origin = randomUUID();
    origins.set(changes, origin);
  }
  return origin;
}
