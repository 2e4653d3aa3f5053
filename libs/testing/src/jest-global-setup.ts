import {
  TEST_POSTGRES_UNAVAILABLE_ENV,
  TEST_POSTGRES_URL_ENV,
  startTestPostgresServer,
  type TestPostgresServer,
} from './test-postgres-server';

/** Runs once per jest run: picks the Postgres server every suite creates its database on. */
export default async function globalSetup(): Promise<void> {
  try {
    const server = await startTestPostgresServer();
    // Workers are started after this and inherit the environment.
    process.env[TEST_POSTGRES_URL_ENV] = server.url;
    (globalThis as { __shipledgerTestPostgres?: TestPostgresServer }).__shipledgerTestPostgres = server;
    if (server.source !== 'DATABASE_URL' && server.source !== 'local') {
      console.log(`\nTests use a Postgres from ${server.source}.`);
    }
  } catch (error) {
    // PGlite suites still run; Postgres suites fail with this reason.
    process.env[TEST_POSTGRES_UNAVAILABLE_ENV] = error instanceof Error ? error.message : String(error);
  }
}
