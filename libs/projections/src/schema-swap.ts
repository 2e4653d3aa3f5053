import { sql, type Kysely } from 'kysely';
import type { ProjectionsTables } from './projections-tables';
import { oldSchemaOf } from './projector';

export async function schemaExists(db: Kysely<ProjectionsTables>, schema: string): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    select exists (select 1 from pg_namespace where nspname = ${schema}) as found`.execute(db);
  return rows[0]?.found === true;
}

export async function recreateSchema(db: Kysely<ProjectionsTables>, schema: string): Promise<void> {
  await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
  await sql`create schema ${sql.id(schema)}`.execute(db);
}

export async function dropSchema(db: Kysely<ProjectionsTables>, schema: string): Promise<void> {
  await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
}

/**
 * Makes `replacement` the live schema under the name `live` and drops the previous live tables.
 *
 * Must run inside the transaction that holds the projector's checkpoint row lock. Renames are
 * transactional: a query sees either the old or the new tables under `live`, never neither. A query
 * that resolved `live` to the old tables before the commit holds a lock that the DROP waits for; one
 * that arrives during the swap waits for the commit and then resolves the name again (Postgres re-checks
 * a relation name after waiting for its lock), so it reads the new tables.
 */
export async function swapSchemas(trx: Kysely<ProjectionsTables>, live: string, replacement: string): Promise<void> {
  const old = oldSchemaOf(live);
  await dropSchema(trx, old);
  if (await schemaExists(trx, live)) {
    await sql`alter schema ${sql.id(live)} rename to ${sql.id(old)}`.execute(trx);
  }
  await sql`alter schema ${sql.id(replacement)} rename to ${sql.id(live)}`.execute(trx);
  await dropSchema(trx, old);
}
