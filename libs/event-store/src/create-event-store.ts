import type { Database } from '@shipledger/database';
import type { EventStore } from './event-store.port';
import { createEsdbEventStore } from './esdb/esdb-event-store';
import { createPgliteEventStore } from './pglite/pglite-event-store';
import { createPostgresEventStore } from './postgres/postgres-event-store';
import type { SqlEventStoreOptions } from './sql/sql-event-store';

export interface CreateEventStoreOptions extends SqlEventStoreOptions {
  /** The process's Database: holds the SQL adapters' tables. Needed unless eventStoreUrl is set. */
  database?: Database;
  /** esdb://… — when set, EventStoreDB is the store. */
  eventStoreUrl?: string;
}

/** EventStoreDB when a URL is given, else the SQL adapter of the database's kind. Call init() next. */
export function createEventStore(options: CreateEventStoreOptions): EventStore {
  const { database, eventStoreUrl, ...sqlOptions } = options;
  if (eventStoreUrl) return createEsdbEventStore(eventStoreUrl);
  if (!database) throw new Error('createEventStore needs a database or an eventStoreUrl');
  switch (database.kind) {
    case 'postgres':
      return createPostgresEventStore(database, sqlOptions);
    case 'pglite':
      return createPgliteEventStore(database, sqlOptions);
    default: {
      const unknownKind: never = database.kind;
      throw new Error(`No event store for database kind ${String(unknownKind)}`);
    }
  }
}
