import type { TestPostgresServer } from './test-postgres-server';

/** Stops the Postgres that jest-global-setup started (nothing for DATABASE_URL or a local server). */
export default async function globalTeardown(): Promise<void> {
  const holder = globalThis as { __shipledgerTestPostgres?: TestPostgresServer };
  await holder.__shipledgerTestPostgres?.stop();
  holder.__shipledgerTestPostgres = undefined;
}
