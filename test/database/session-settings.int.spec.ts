import { sql } from 'kysely';
import { openDatabase, type Database } from '@shipledger/database';
import { createTestDatabase, type TestDatabase } from '@shipledger/testing';

/** The setting as the session sees it, on whichever pooled connection answers. */
async function setting(database: Database, name: string): Promise<string> {
  const { rows } = await sql<{ value: string }>`select current_setting(${name}) as value`.execute(database.kysely);
  return rows[0]!.value;
}

describe('Postgres sessions of the service', () => {
  let db: TestDatabase;
  let pooled: Database;

  beforeAll(async () => {
    db = await createTestDatabase();
    pooled = await openDatabase({ url: db.url, poolSize: 3 });
  });
  afterAll(async () => {
    await pooled.close();
    await db.drop();
  });

  it('run without JIT on every pooled connection, the first statement included', async () => {
    // Given a server whose default turns JIT on for expensive plans
    await sql`alter database ${sql.id(new URL(db.url).pathname.slice(1))} set jit = on`.execute(pooled.kysely);
    await pooled.close();
    pooled = await openDatabase({ url: db.url, poolSize: 3 });
    // When three statements run side by side, each on a new connection of the pool
    const values = await Promise.all([0, 1, 2].map(async () => {
      const { rows } = await sql<{ value: string; pid: number }>`select current_setting('jit') as value, pg_backend_pid() as pid, pg_sleep(0.05)`.execute(pooled.kysely);
      return rows[0]!;
    }));
    // Then every connection, from its very first statement, has JIT off
    expect(new Set(values.map((row) => row.pid)).size).toBe(3);
    expect(values.map((row) => row.value)).toEqual(['off', 'off', 'off']);
    expect(await setting(pooled, 'jit')).toBe('off');
  });
});
