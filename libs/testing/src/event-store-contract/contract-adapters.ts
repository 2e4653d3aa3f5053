import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { createEventStore, type EventStore } from '@shipledger/event-store';
import type { Database } from '@shipledger/database';
import { openTestStore } from '../test-store';

export type AdapterName = 'pglite' | 'postgres' | 'esdb';

export interface OpenedStore {
  store: EventStore;
  /** The SQL database behind the store (not for esdb). */
  database?: Database;
  /** Its connection URL (postgres only). */
  url?: string;
  close(): Promise<void>;
}

export interface ContractAdapter {
  /** The built-in ones are AdapterName; another adapter brings its own. */
  name: AdapterName | (string & {});
  open(): Promise<OpenedStore>;
}

/**
 * The adapters the contract suite runs against: PGlite and Postgres always; EventStoreDB when
 * EVENTSTORE_URL is set or a Docker engine seems present. EVENT_STORE_ADAPTERS=pglite,postgres restricts.
 */
export function contractAdapters(): ContractAdapter[] {
  const adapters: ContractAdapter[] = [sqlAdapter('pglite'), sqlAdapter('postgres')];
  if (process.env.EVENTSTORE_URL || dockerConfigured()) adapters.push(esdbAdapter());
  const only = process.env.EVENT_STORE_ADAPTERS?.split(',').map((name) => name.trim()).filter(Boolean);
  return only?.length ? adapters.filter((adapter) => only.includes(adapter.name)) : adapters;
}

function sqlAdapter(name: 'pglite' | 'postgres'): ContractAdapter {
  return {
    name,
    async open() {
      // A short poll keeps the tests that end on a rolled-back transaction quick.
      const opened = await openTestStore(name, { pollIntervalMs: 100 });
      return { store: opened.eventStore, database: opened.database, url: opened.database.url, close: () => opened.close() };
    },
  };
}

function esdbAdapter(): ContractAdapter {
  return {
    name: 'esdb',
    async open() {
      const configured = process.env.EVENTSTORE_URL;
      const container = configured ? undefined : await startEventStoreDb();
      const store = createEventStore({ eventStoreUrl: configured ?? container!.url });
      await store.init();
      return {
        store,
        async close() {
          await store.close();
          await container?.stop();
        },
      };
    },
  };
}

async function startEventStoreDb(): Promise<{ url: string; stop(): Promise<void> }> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer('eventstore/eventstore:24.10')
    .withEnvironment({ EVENTSTORE_INSECURE: 'true', EVENTSTORE_MEM_DB: 'true', EVENTSTORE_RUN_PROJECTIONS: 'None' })
    .withExposedPorts(2113)
    .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
    .withStartupTimeout(120_000)
    .start();
  return {
    url: `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`,
    stop: async () => void (await container.stop()),
  };
}

function dockerConfigured(): boolean {
  if (process.env.DOCKER_HOST) return true;
  return ['/var/run/docker.sock', join(homedir(), '.docker/run/docker.sock')].some((path) => existsSync(path));
}

/** Opens the adapter's store before the suite's tests (handing it to `onOpen`) and closes it after them. */
export function openForSuite(adapter: ContractAdapter, onOpen: (opened: OpenedStore) => void): void {
  let opened: OpenedStore | undefined;
  beforeAll(async () => {
    opened = await adapter.open();
    onOpen(opened);
  });
  afterAll(() => opened?.close());
}
