import { openDatabase, type Database } from '@shipledger/database';
import { createTestDatabase, type TestDatabase } from '@shipledger/testing';
import { PostgresLiveSignal } from './postgres-live-signal';

describe('PostgresLiveSignal: NOTIFY between database handles', () => {
  let db: TestDatabase;
  let other: Database;
  const signals: PostgresLiveSignal[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    other = await openDatabase({ url: db.url, poolSize: 2 });
  });
  afterAll(async () => {
    for (const signal of signals) await signal.close();
    await other.close();
    await db.drop();
  });

  const never = new AbortController().signal;
  /** A signal on `database` whose LISTEN connection is open (it bumps once when it is). */
  const listening = async (database: Database) => {
    const signal = new PostgresLiveSignal(database);
    signals.push(signal);
    const before = signal.version;
    signal.listen();
    await signal.waitForChange(before, 10_000, never);
    return signal;
  };

  it('wakes the other handle once per append, and not its own a second time', async () => {
    // Given two handles on one database (two processes, as far as NOTIFY goes), each listening
    const writer = await listening(db.database);
    const reader = await listening(other);
    const writerBefore = writer.version;
    const readerBefore = reader.version;

    // When the writer's handle appends
    writer.appended();

    // Then the other handle hears the NOTIFY, and the writer's own was woken in-process only
    await reader.waitForChange(readerBefore, 10_000, never);
    expect(reader.version).toBe(readerBefore + 1);
    await new Promise((resolve) => setTimeout(resolve, 300)); // its own NOTIFY has come back by now
    expect(writer.version).toBe(writerBefore + 1);
  });
});
