import type { Database } from '@shipledger/database';
import { SqlEventStore, type SqlEventStoreOptions } from '../sql/sql-event-store';
import { PgliteLiveSignal } from './pglite-live-signal';

export function createPgliteEventStore(database: Database, options?: SqlEventStoreOptions): SqlEventStore {
  if (database.kind !== 'pglite') throw new Error('The PGlite event store needs a pglite Database');
  return new SqlEventStore(database, new PgliteLiveSignal(database), options);
}
