import { sql } from 'kysely';
import { openDatabase, preparedQuery, type Database } from '@shipledger/database';
import { createTestDatabase, type TestDatabase } from '@shipledger/testing';

/** What the one connection of `database` has prepared (pg_prepared_statements is per session). */
async function preparedNames(database: Database): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from pg_prepared_statements order by name`.execute(database.kysely);
  return rows.map((row) => row.name);
}

describe('preparedQuery: projector statements prepared per connection, under each projector\'s own search_path', () => {
  let db: TestDatabase;
  let single: Database;

  beforeAll(async () => {
    db = await createTestDatabase();
    single = await openDatabase({ url: db.url, poolSize: 1 });
    for (const schema of ['view_a', 'view_b']) {
      await sql`create schema ${sql.id(schema)}`.execute(single.kysely);
      await sql`create table ${sql.id(schema, 'facts')} (label text not null)`.execute(single.kysely);
      await sql`insert into ${sql.id(schema, 'facts')} (label) values (${schema})`.execute(single.kysely);
    }
  });
  afterAll(async () => {
    await single.close();
    await db.drop();
  });

  /** The unqualified statement every view runs, in a transaction whose search_path is the view's schema. */
  const labelIn = (schema: string, variant?: string) => single.kysely.transaction().execute(async (trx) => {
    await sql`select set_config('search_path', ${schema}, true)`.execute(trx);
    const { rows } = await trx.executeQuery(preparedQuery(trx.selectFrom('facts').select('label'), variant));
    return (rows as Array<{ label: string }>).map((row) => row.label);
  });

  it('reads the table of the search_path it runs under, even when one prepared text serves two schemas', async () => {
    // When the same text runs under view_a, view_b, then view_a again
    const answers = [await labelIn('view_a'), await labelIn('view_b'), await labelIn('view_a')];
    // Then each run read its own schema's table (Postgres plans the statement again when search_path changes)
    expect(answers).toEqual([['view_a'], ['view_b'], ['view_a']]);
  });

  it('keeps one prepared statement per variant, reused from call to call', async () => {
    // Given each view running its statement under its own name, twice
    const before = await preparedNames(single);
    for (let round = 0; round < 2; round++) {
      expect(await labelIn('view_a', 'view_a')).toEqual(['view_a']);
      expect(await labelIn('view_b', 'view_b')).toEqual(['view_b']);
    }
    // Then exactly two more statements are prepared on the connection, one per variant
    const added = (await preparedNames(single)).filter((name) => !before.includes(name));
    expect(added).toHaveLength(2);
  });
});
