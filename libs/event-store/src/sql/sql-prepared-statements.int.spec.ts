import { sql } from 'kysely';
import { openDatabase, type Database } from '@shipledger/database';
import { createTestDatabase, newEvent, streamName, type TestDatabase } from '@shipledger/testing';
import { createEventStore, type SqlEventStore } from '../index';

/** What the one connection of `database` has prepared (pg_prepared_statements is per session). */
async function prepared(database: Database): Promise<Array<{ name: string; statement: string }>> {
  const { rows } = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements order by name`.execute(database.kysely);
  return rows;
}

describe('The event store\'s hot statements are prepared once per Postgres connection', () => {
  let db: TestDatabase;
  let single: Database;
  let store: SqlEventStore;

  beforeAll(async () => {
    db = await createTestDatabase();
    // One connection, so every statement below runs in the session whose prepared statements are listed.
    single = await openDatabase({ url: db.url, poolSize: 1 });
    store = createEventStore({ database: single }) as SqlEventStore;
    await store.init();
  });
  afterAll(async () => {
    await store.close();
    await single.close();
    await db.drop();
  });

  it('prepares the appends and reads by name, reuses the names, and leaves other statements unprepared', async () => {
    // Given a stream created, extended, read, and the log paged
    const appendAndRead = async (stream: string) => {
      await store.append(stream, [newEvent()], 'no_stream');
      await store.append(stream, [newEvent()], 0);
      await store.readStream(stream);
      await store.readAllPage({ maxCount: 10 });
      await store.hasHeldBackEvents();
    };
    await appendAndRead(streamName());
    const first = await prepared(single);

    // When the same operations run again, on another stream
    const other = streamName();
    await appendAndRead(other);
    const second = await prepared(single);

    // Then each marked statement was prepared once, under a name, and the second round reused them
    expect(first.length).toBeGreaterThanOrEqual(4);
    expect(first.every((row) => row.name.startsWith('sl_') && row.statement.startsWith('/* prepared */'))).toBe(true);
    expect(second).toEqual(first);
    // And the answers are what they were without preparing
    expect((await store.readStream(other)).map((e) => e.revision)).toEqual([0, 1]);
    expect(await store.hasHeldBackEvents()).toBe(false);
  });
});
