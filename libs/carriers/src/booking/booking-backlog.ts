import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@shipledger/database';
import type { RecordedEvent } from '@shipledger/event-store';
import { carriersTables } from '../storage/carriers-schema';
import type { CarriersTables } from '../storage/carriers-database';

/** The tenants with rows in the backlog, by a loose index scan (one probe each on booking_backlog_by_tenant). */
const TENANTS_WITH_ROWS = sql`
  tenants(tenant_id) AS (
    SELECT min(tenant_id) FROM carriers.booking_backlog
    UNION ALL
    SELECT (SELECT min(b.tenant_id) FROM carriers.booking_backlog b WHERE b.tenant_id > t.tenant_id) FROM tenants t WHERE t.tenant_id IS NOT NULL
  )`;

/** A booking request waiting in the backlog, as one drainer holds it. */
export interface BacklogEntry {
  seq: string;
  event: RecordedEvent;
  attempts: number;
  claimToken: string;
}

/**
 * carriers.booking_backlog: booking requests of a tenant that had its share of the booking slots in hand
 * when they came (TenantBookingShare). Each row holds the whole ShipmentBookingRequested event, so a
 * drainer in any worker books it with the same code as the reactor, exactly once by the same rules.
 */
export class BookingBacklog {
  constructor(private readonly database: Database) {}

  private db(): Promise<Kysely<CarriersTables>> {
    return carriersTables(this.database);
  }

  /** Idempotent by event id: a request redelivered to the reactor is kept once. */
  async add(event: RecordedEvent, shipmentId: string, at: Date): Promise<void> {
    const db = await this.db();
    await sql`
      INSERT INTO carriers.booking_backlog (event_id, tenant_id, shipment_id, event, attempts, next_attempt_at, created_at)
      VALUES (${event.id}, ${event.metadata.tenantId}, ${shipmentId}, ${JSON.stringify(event)}::jsonb, 0, ${at}, ${at})
      ON CONFLICT (event_id) DO NOTHING`.execute(db);
  }

  /** Whether the tenant has requests waiting or being booked from the backlog. */
  async holds(tenantId: string): Promise<boolean> {
    const db = await this.db();
    const { rows } = await sql`SELECT 1 FROM carriers.booking_backlog WHERE tenant_id = ${tenantId} LIMIT 1`.execute(db);
    return rows.length > 0;
  }

  /** The tenants with requests in the backlog. */
  async tenants(): Promise<string[]> {
    const db = await this.db();
    const { rows } = await sql<{ tenant_id: string }>`
      WITH RECURSIVE ${TENANTS_WITH_ROWS} SELECT tenant_id FROM tenants WHERE tenant_id IS NOT NULL`.execute(db);
    return rows.map((row) => row.tenant_id);
  }

  /**
   * Claims up to `limit` requests due at `now` for `leaseMs`, at most `perTenant` of a tenant in hand at
   * once: its rows under claim (across the workers: claims take one transaction lock in turn, so each
   * counts the last one's) plus `bookingNow`, its bookings this worker's reactor has in hand. Oldest first,
   * and of one shipment only the oldest (its requests are booked in order). A drainer that dies leaves its
   * claims to expire; the next one books them again, exactly once by the booking's rules.
   */
  async claim(now: Date, limit: number, perTenant: number, leaseMs: number, bookingNow: ReadonlyMap<string, number> = new Map()): Promise<BacklogEntry[]> {
    const db = await this.db();
    const token = randomUUID();
    const until = new Date(now.getTime() + leaseMs);
    return db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtextextended('carriers.booking_backlog:claim', 0))`.execute(trx);
      const { rows } = await sql<{ seq: string; event: RecordedEvent | string; attempts: number }>`
        WITH RECURSIVE ${TENANTS_WITH_ROWS}, rooms AS (
          SELECT t.tenant_id, ${perTenant}::int - busy.n AS room FROM tenants t
          CROSS JOIN LATERAL (
            SELECT count(*)::int + coalesce((${JSON.stringify(Object.fromEntries(bookingNow))}::jsonb ->> t.tenant_id)::int, 0) AS n
            FROM carriers.booking_backlog c WHERE c.tenant_id = t.tenant_id AND c.claimed_until > ${now}) busy
          WHERE t.tenant_id IS NOT NULL AND busy.n < ${perTenant}::int
        ), picked AS (
          SELECT p.seq FROM rooms CROSS JOIN LATERAL (
            SELECT r.seq FROM carriers.booking_backlog r
            WHERE r.tenant_id = rooms.tenant_id AND r.next_attempt_at <= ${now} AND (r.claimed_until IS NULL OR r.claimed_until <= ${now})
              AND NOT EXISTS (SELECT 1 FROM carriers.booking_backlog e WHERE e.tenant_id = r.tenant_id AND e.shipment_id = r.shipment_id AND e.seq < r.seq)
            ORDER BY r.seq LIMIT rooms.room FOR UPDATE SKIP LOCKED) p
        )
        UPDATE carriers.booking_backlog SET claim_token = ${token}, claimed_until = ${until}
        WHERE seq IN (SELECT seq FROM picked ORDER BY seq LIMIT ${limit})
        RETURNING seq, event, attempts`.execute(trx);
      return rows
        .map((row) => ({
          seq: String(row.seq), attempts: Number(row.attempts), claimToken: token,
          event: (typeof row.event === 'string' ? JSON.parse(row.event) : row.event) as RecordedEvent,
        }))
        .sort((a, b) => Number(a.seq) - Number(b.seq));
    });
  }

  /** The request was booked (or given up on): it leaves the backlog, if this drainer still holds it. */
  async finish(entry: BacklogEntry): Promise<void> {
    const db = await this.db();
    await sql`DELETE FROM carriers.booking_backlog WHERE seq = ${entry.seq} AND claim_token = ${entry.claimToken}`.execute(db);
  }

  /** The booking failed on the service's side: tried again from `at`, by any drainer. */
  async retryAt(entry: BacklogEntry, at: Date): Promise<void> {
    const db = await this.db();
    await sql`
      UPDATE carriers.booking_backlog SET attempts = attempts + 1, next_attempt_at = ${at}, claim_token = NULL, claimed_until = NULL
      WHERE seq = ${entry.seq} AND claim_token = ${entry.claimToken}`.execute(db);
  }

  /**
   * Reclaims the rows that claims and finishes left dead. The backlog is a queue: a request is written,
   * claimed (an update) and deleted within seconds, two dead rows per booking, and every claim walks the
   * dead ones of its tenant until a vacuum runs. With autovacuum off, or behind its default thresholds,
   * a claim grew from about a millisecond to 48 ms within minutes of a sustained load, and bookings fell
   * behind (2026-12-04, docs/benchmarks.md). SKIP_LOCKED: a vacuum already running (another worker's)
   * is left to finish. It takes no lock that claims, adds or finishes wait on.
   */
  async vacuum(): Promise<void> {
    const db = await this.db();
    await sql`VACUUM (SKIP_LOCKED) carriers.booking_backlog`.execute(db);
  }

  /** Whether requests of events at or before `position` are still in the backlog (waiting or being booked). */
  async holdsUpTo(position: string): Promise<boolean> {
    const db = await this.db();
    const { rows } = await sql`SELECT 1 FROM carriers.booking_backlog WHERE (event->>'position') COLLATE "C" <= ${position} LIMIT 1`.execute(db);
    return rows.length > 0;
  }

  /** Requests waiting, for /metrics and tests. */
  async size(): Promise<number> {
    const db = await this.db();
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM carriers.booking_backlog`.execute(db);
    return Number(rows[0]?.n ?? 0);
  }
}
