import { sql, type RawBuilder } from 'kysely';
import type { RecordedEvent } from '../event-store.port';
import { encodeSqlPosition } from './sql-position';

/** One events row as the SELECT_EVENT_COLUMNS below return it, whatever the driver (pg or PGlite). */
export interface SqlEventRow {
  transaction_id: string;
  position: string;
  stream_id: string;
  revision: string | number;
  event_id: string;
  type: string;
  data: unknown;
  metadata: RecordedEvent['metadata'];
  recorded_at: Date | string;
}

/** Casts keep the row's shape the same on both drivers (pg returns int8 as string, PGlite as number). */
export const EVENT_COLUMNS: RawBuilder<unknown> = sql`e.transaction_id::text AS transaction_id, e.position::text AS position,
  e.stream_id, e.revision, e.event_id::text AS event_id, e.type, e.data, e.metadata, e.recorded_at`;

export function toRecordedEvent(row: SqlEventRow): RecordedEvent {
  return {
    id: row.event_id,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    streamId: row.stream_id,
    revision: Number(row.revision),
    position: encodeSqlPosition(row.transaction_id, row.position),
    recordedAt: (row.recorded_at instanceof Date ? row.recorded_at : new Date(row.recorded_at)).toISOString(),
  };
}
