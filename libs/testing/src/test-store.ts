import { createEventStore, type SqlEventStore } from '@shipledger/event-store';
import type { Database } from '@shipledger/database';
import { openTestDatabase, type DatabaseKind } from './test-database';

export interface TestStore {
  database: Database & { url?: string };
  eventStore: SqlEventStore;
  /** Closes the store and drops its database. */
  close(): Promise<void>;
}

/** A fresh database of `kind` with an initialised SQL event store on it. */
export async function openTestStore(kind: DatabaseKind, options: { pollIntervalMs?: number } = {}): Promise<TestStore> {
  const database = await openTestDatabase(kind);
  const eventStore = createEventStore({ database, pollIntervalMs: options.pollIntervalMs ?? 50 }) as SqlEventStore;
  await eventStore.init();
  return {
    database,
    eventStore,
    async close() {
      await eventStore.close();
      await database.close();
    },
  };
}

