import { join, resolve } from 'node:path';

/** Process settings shared by the api, the worker and the cli (environment variables). */
export interface ProcessConfig {
  /** DATABASE_URL: Postgres for read models (and events, unless EVENTSTORE_URL is set). Unset: PGlite. */
  databaseUrl: string | undefined;
  /** EVENTSTORE_URL: an EventStoreDB connection string (esdb://…). Unset: events in the SQL database. */
  eventStoreUrl: string | undefined;
  /** DATA_DIR (default ./data): the embedded mode's folder. */
  dataDir: string;
  /** DATA_DIR/pglite: PGlite's data folder (only used without DATABASE_URL). */
  pgliteDir: string;
  /** SHUTDOWN_DRAIN_MS (default 10 000): how long SIGTERM waits for in-flight requests and work before exiting anyway. */
  shutdownDrainMs: number;
}

export const DEFAULT_SHUTDOWN_DRAIN_MS = 10_000;

export function loadProcessConfig(env: NodeJS.ProcessEnv = process.env): ProcessConfig {
  const dataDir = resolve(nonEmpty(env.DATA_DIR) ?? './data');
  return {
    databaseUrl: nonEmpty(env.DATABASE_URL),
    eventStoreUrl: nonEmpty(env.EVENTSTORE_URL),
    dataDir,
    pgliteDir: join(dataDir, 'pglite'),
    shutdownDrainMs: positiveInt(env.SHUTDOWN_DRAIN_MS) ?? DEFAULT_SHUTDOWN_DRAIN_MS,
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value && value.trim() !== '' ? value.trim() : undefined;
}

function positiveInt(value: string | undefined): number | undefined {
  const parsed = Number(nonEmpty(value));
  return Number.isInteger(parsed) && parsed > 0 ? parsed : undefined;
}
