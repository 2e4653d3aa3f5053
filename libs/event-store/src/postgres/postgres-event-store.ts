import type { Database } from '@shipledger/database';
import { SqlEventStore, type SqlEventStoreOptions } from '../sql/sql-event-store';
import { PostgresLiveSignal } from './postgres-live-signal';

export function createPostgresEventStore(database: Database, options?: SqlEventStoreOptions): SqlEventStore {
  if (database.kind !== 'postgres') throw new Error('The Postgres event store needs a postgres Database');
  return new SqlEventStore(database, new PostgresLiveSignal(database), options);
}
