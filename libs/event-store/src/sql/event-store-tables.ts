/**
 * The SQL adapters' own tables (sql-schema.ts), for `Kysely<EventStoreTables>`. The store itself
 * queries them with raw `sql` (plans and locks matter there); the type keeps the handle honest
 * about what it may touch. bigint and xid8 columns arrive as strings.
 */
export type EventStoreTables = {
  'event_store.streams': { stream_id: string; revision: string };
  'event_store.events': {
    transaction_id: string;
    position: string;
    stream_id: string;
    revision: string;
    event_id: string;
    type: string;
    data: unknown;
    metadata: unknown;
    recorded_at: Date;
  };
};
