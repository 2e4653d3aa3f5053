import type { Database } from '@shipledger/database';
import { createEventStore, type EventStore } from '@shipledger/event-store';
import { createPgliteDatabase, createTestDatabase } from '../../../libs/testing/src/test-database';

export type DatabaseKind = 'pglite' | 'postgres';

/** Both kinds run in every suite: PGlite in memory, and a fresh database on the real Postgres. */
export const DATABASE_KINDS: DatabaseKind[] = ['pglite', 'postgres'];

export interface TestStore {
  database: Database;
  eventStore: EventStore;
  close(): Promise<void>;
}

export async function openTestStore(kind: DatabaseKind): Promise<TestStore> {
  const scratch = kind === 'postgres' ? await createTestDatabase() : await createPgliteDatabase();
  const eventStore = createEventStore({ database: scratch.database, pollIntervalMs: 50 });
  await eventStore.init();
  return {
    database: scratch.database,
    eventStore,
    async close() {
      await eventStore.close();
      await scratch.drop();
    },
  };
}
