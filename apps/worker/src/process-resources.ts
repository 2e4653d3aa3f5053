import { openDatabase, type Database } from '@shipledger/database';
import { createEventStore, type EventStore } from '@shipledger/event-store';
import type { ProcessConfig } from './config';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock';

export interface ProcessResources {
  database: Database;
  eventStore: EventStore;
  /** 'pglite' (embedded, DATA_DIR/pglite) or 'postgres', and where events live. */
  describe(): string;
  close(): Promise<void>;
}

/**
 * The database and event store of one process: Postgres when DATABASE_URL is set, else PGlite in
 * DATA_DIR/pglite (behind the data folder's lock); EventStoreDB when EVENTSTORE_URL is set, else the
 * events live in that SQL database. The event store's schema is set up before this resolves.
 */
export async function openProcessResources(config: ProcessConfig, role: string): Promise<ProcessResources> {
  const lock: DataDirLock | undefined = config.databaseUrl ? undefined : acquireDataDirLock(config.dataDir, role);
  let database: Database | undefined;
  try {
    database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.pgliteDir });
    const eventStore = createEventStore({ database, eventStoreUrl: config.eventStoreUrl });
    await eventStore.init();
    const opened = database;
    return {
      database: opened,
      eventStore,
      describe: () =>
        `${opened.kind === 'pglite' ? `PGlite in ${config.pgliteDir}` : 'Postgres'}, events in ${eventStore.adapter}`,
      async close() {
        try {
          await eventStore.close();
          await opened.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    await database?.close().catch(() => undefined);
    lock?.release();
    throw error;
  }
}
