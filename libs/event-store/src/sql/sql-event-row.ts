import { sql, type RawBuilder } from 'kysely';
import type { RecordedEvent } from '../event-store.port';

/** One events row as EVENT_COLUMNS returns it, whatever the driver (pg or PGlite). */
export interface SqlEventRow {
  position: string;
  stream_id: string;
  revision: number;
  event_id: string;
  type: string;
  data: unknown;
  metadata: RecordedEvent['metadata'];
  recorded_at: string;
}

/**
 * Everything but the payload arrives as ready-made text or int4, so both drivers return the same
 * shape and no row pays for JavaScript date or bigint parsing. The position is the encoding of
 * sql-position.ts (20-digit transaction id, '-', 20-digit position), built in SQL.
 */
export const EVENT_COLUMNS: RawBuilder<unknown> = sql`
  lpad(e.transaction_id::text, 20, '0') || '-' || lpad(e.position::text, 20, '0') AS position,
  e.stream_id, e.revision::int4 AS revision, e.event_id::text AS event_id, e.type, e.data, e.metadata,
  to_char(e.recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS recorded_at`;

export function toRecordedEvent(row: SqlEventRow): RecordedEvent {
  return {
    id: row.event_id,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    streamId: row.stream_id,
    revision: row.revision,
    position: row.position,
    recordedAt: row.recorded_at,
  };
}
