import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '@shipledger/database';
import type { RecordedEvent } from '@shipledger/event-store';
import { DATABASE_KINDS, openTestDatabase } from '@shipledger/testing';
import { BookingBacklog } from './booking-backlog';
import { TenantBookingShare } from './tenant-booking-share';

const REQUESTS = 30;

/** A booking request as the reactor sets it aside: only what the backlog reads of it. */
function request(tenantId: string, index: number): RecordedEvent {
  const shipmentId = `shp-${index}`;
  return {
    id: randomUUID(), type: 'ShipmentBookingRequested', data: { shipmentId }, metadata: { tenantId },
    streamId: `shipment-${shipmentId}`, revision: 1, position: String(index).padStart(20, '0'), recordedAt: new Date().toISOString(),
  } as unknown as RecordedEvent;
}

/** How often the backlog was vacuumed by hand (autovacuum's runs are counted apart). */
async function vacuums(database: Database): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    SELECT vacuum_count AS n FROM pg_stat_user_tables WHERE schemaname = 'carriers' AND relname = 'booking_backlog'`.execute(database.kysely);
  return Number(rows[0]?.n ?? 0);
}

describe.each(DATABASE_KINDS)('booking backlog on %s: the drainer keeps the queue table small', (kind) => {
  let database: Database;
  beforeEach(async () => { database = await openTestDatabase(kind); });
  afterEach(async () => { await database.close(); });

  /** Drains until the backlog is empty, then stops the drainer. */
  async function drainAll(share: TenantBookingShare, booked: string[]): Promise<void> {
    const stop = new AbortController();
    const draining = share.drain(stop.signal, async (event) => { booked.push(event.id); }, async () => undefined);
    const deadline = Date.now() + 20_000;
    while ((await share.backlog.size()) > 0) {
      if (Date.now() > deadline) throw new Error('the backlog was not drained in 20 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    stop.abort();
    await draining;
  }

  it('vacuums the backlog once the rows its claims and finishes left dead pass the threshold, and books every request once', async () => {
    // Given thirty requests of one tenant set aside in the backlog
    const backlog = new BookingBacklog(database);
    const events = Array.from({ length: REQUESTS }, (_, index) => request('tenant-a', index));
    for (const event of events) await backlog.add(event, String((event.data as { shipmentId: string }).shipmentId), new Date());
    const before = await vacuums(database);
    // When a drainer that vacuums after every 10 rows it changed books them all
    const share = new TenantBookingShare(backlog, { perTenant: 8, drainConcurrency: 8, vacuumEveryRows: 10, vacuumMinIntervalMs: 0, idlePollMs: 20 });
    const booked: string[] = [];
    await drainAll(share, booked);
    // Then each request was booked exactly once
    expect([...booked].sort()).toEqual(events.map((event) => event.id).sort());
    // And the backlog was vacuumed along the way (60 rows changed: a claim and a finish each)
    expect((await vacuums(database)) - before).toBeGreaterThanOrEqual(1);
  });

  it('does not vacuum while fewer rows than the threshold changed', async () => {
    // Given three requests in the backlog
    const backlog = new BookingBacklog(database);
    for (let index = 0; index < 3; index += 1) await backlog.add(request('tenant-b', index), `shp-${index}`, new Date());
    const before = await vacuums(database);
    // When the default drainer (a vacuum per 2,000 rows) books them
    const booked: string[] = [];
    await drainAll(new TenantBookingShare(backlog, { perTenant: 8, drainConcurrency: 8, idlePollMs: 20 }), booked);
    // Then all three were booked and the table was left to autovacuum
    expect(booked).toHaveLength(3);
    expect(await vacuums(database)).toBe(before);
  });
});
