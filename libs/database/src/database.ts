import { chmodSync, mkdirSync } from 'node:fs';
import { Kysely, PostgresDialect } from 'kysely';
import { Pool } from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { pgliteKysely } from './pglite-kysely';
import { prepareMarkedStatements } from './prepared-statements';

/**
 * One SQL database for the whole process: Postgres (a pg pool) or PGlite (embedded, one connection).
 * Every module reaches SQL through `kysely`, never through the driver directly: on PGlite the dialect
 * serialises access to its single connection, and a query sent around it would land inside another
 * module's open transaction.
 */
export interface Database {
  readonly kind: 'postgres' | 'pglite';
  readonly kysely: Kysely<any>;
  /** The pg pool (postgres only): for LISTEN, which needs a connection of its own. */
  readonly pool?: Pool;
  /** The PGlite instance (pglite only): for listen(), which does not hold the connection. */
  readonly pglite?: PGlite;
  close(): Promise<void>;
}

export interface DatabaseConfig {
  /** postgres://… — when set, Postgres is used. */
  url?: string;
  /** Folder for PGlite's data; `memory://` (or undefined) keeps it in memory. */
  dataDir?: string;
  poolSize?: number;
}

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.url) return openPostgres(config.url, config.poolSize ?? 10);
  return openPglite(config.dataDir);
}

/** Sent on every new pooled connection, before anything else. */
const NO_JIT = 'SET jit = off';

function openPostgres(url: string, max: number): Database {
  const pool = new Pool({ connectionString: url, max });
  // An idle client that loses its server must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    // No JIT: every statement here is short, and a plan whose estimate passes jit_above_cost (a queue
    // table grown with dead rows, a large batch) was JIT-compiled again on every run: 59 functions for
    // each booking backlog claim (2026-12-04, docs/benchmarks.md). Sent first on the new connection; a
    // server without the setting keeps its own.
    client.query(NO_JIT).catch(() => undefined);
    prepareMarkedStatements(client);
  });
  const kysely = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
  let closed = false;
  return {
    kind: 'postgres',
    kysely,
    pool,
    async close() {
      if (closed) return;
      closed = true;
      await kysely.destroy();
    },
  };
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const onDisk = dataDir && dataDir !== 'memory://' ? dataDir : undefined;
  if (onDisk) {
    // The database files are the tenants' data: an owner-only folder, whatever the umask.
    mkdirSync(onDisk, { recursive: true, mode: 0o700 });
    chmodSync(onDisk, 0o700);
  }
  const pglite = await PGlite.create(onDisk);
  const kysely = pgliteKysely(pglite);
  let closed = false;
  return {
    kind: 'pglite',
    kysely,
    pglite,
    async close() {
      if (closed) return;
      closed = true;
      await kysely.destroy(); // the dialect closes the PGlite instance
    },
  };
}
