import { sql } from 'kysely';
import type { Database } from '@shipledger/database';

export interface ExpectedDelivery {
  eventId: string;
  /** When the source event was appended (event_store.events.recorded_at), ms since the epoch. */
  appendedAtMs: number;
  status: string;
  attempts: number;
}

/** The deliveries the outbox holds for one configuration, with their source event's append time. */
export async function expectedDeliveries(database: Database, configId: string): Promise<ExpectedDelivery[]> {
  const result = await sql<{ event_id: string; appended_ms: string | number; status: string; attempts: number }>`
    SELECT d.event_id, extract(epoch FROM e.recorded_at) * 1000 AS appended_ms, d.status, d.attempts
    FROM webhooks.deliveries d JOIN event_store.events e ON e.event_id::text = d.source_event_id
    WHERE d.config_id = ${configId}`.execute(database.kysely);
  return result.rows.map((row) => ({ eventId: row.event_id, appendedAtMs: Number(row.appended_ms), status: row.status, attempts: Number(row.attempts) }));
}
