import type { Database } from '@shipledger/database';
import type { EventStore } from '@shipledger/event-store';
import type { PlatformServices, TlsMaterial } from '@shipledger/platform';
import type { Projector, Reactor, WorkerLogger } from '@shipledger/projections';

/** The API under test as suites use it (apps/api's ApiApp, structurally). */
export interface TestApi {
  platform: PlatformServices;
  /** Every route the app serves (method and Fastify pattern). */
  routes: Array<{ method: string; url: string }>;
  listen(port: number, host?: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * What the apps compose (the API, the worker's projectors and reactors). This library does not import
 * apps/: test/support/compose-test-app.ts (a jest setup file, and the benchmark's API process) registers
 * a loader, run on the first startTestApp.
 */
export interface TestAppComposition {
  /** apps/api's createApiApp; its own ApiAppOptions type checks the options test-app passes. */
  createApiApp(options: { database: Database; eventStore: EventStore; tls: TlsMaterial } & Record<string, unknown>): Promise<TestApi>;
  followerLag(database: Database, eventStore: EventStore): () => Promise<Array<{ name: string; lag: number; parked: number }>>;
  parkedEventCount(database: Database): () => Promise<number>;
  allProjectors(): Projector[];
  allReactors(deps: { database: Database; eventStore: EventStore; logger: WorkerLogger }): Reactor[];
}

let loader: (() => Promise<TestAppComposition>) | undefined;

export function composeTestAppsWith(load: () => Promise<TestAppComposition>): void {
  loader = load;
}

export function testAppComposition(): Promise<TestAppComposition> {
  if (!loader) throw new Error('No test app composition registered: import test/support/compose-test-app.ts first (jest.config.js setupFiles does)');
  return loader();
}
