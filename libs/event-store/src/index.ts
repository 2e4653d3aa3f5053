export * from './event-store.port';
export * from './tokens';
export * from './create-event-store';
export { SqlEventStore, type SqlEventStoreOptions } from './sql/sql-event-store';
export { createPostgresEventStore } from './postgres/postgres-event-store';
export { createPgliteEventStore } from './pglite/pglite-event-store';
export { createEsdbEventStore, EsdbEventStore } from './esdb/esdb-event-store';
export type { EventStoreTables } from './sql/event-store-tables';
export { pause } from './subscription/pause';
