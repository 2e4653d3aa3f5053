import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import type { Database } from '@shipledger/database';
import { DATABASE_KINDS, openTestDatabase } from '../../libs/testing/src/test-database';

/** One HTTP round trip to a local server: real socket I/O, the kind a waiting HTTPS request needs. */
function roundTrip(server: Server): Promise<void> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: '/' }, (response) => { response.resume(); response.on('end', resolve); })
      .on('error', reject).end();
  });
}

describe.each(DATABASE_KINDS)('a long run of queries shares the process with requests, on %s', (kind) => {
  let database: Database;
  let server: Server;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await sql`create table turns (n integer not null)`.execute(database.kysely);
    server = createServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await database.close();
  });

  it('lets socket I/O through while a loop of awaited queries runs, not after it', async () => {
    // Given an HTTP round trip started just before a loop of 300 awaited inserts (a projector catching
    // up, a replay scanning the log)
    let inserted = 0;
    let insertedWhenAnswered: number | undefined;
    const answered = roundTrip(server).then(() => { insertedWhenAnswered = inserted; });
    // When the loop runs
    for (let n = 0; n < 300; n++) {
      await sql`insert into turns (n) values (${n})`.execute(database.kysely);
      inserted++;
    }
    await answered;
    // Then the answer arrived while the loop was still running (on PGlite, without taking turns, it
    // arrived only after the last insert)
    expect(insertedWhenAnswered).toBeLessThan(300);
  });

  it('keeps a transaction whole: a query sent while it runs waits for its end and sees its commit', async () => {
    // Given a transaction that inserts, then takes several more queries (and turns of the event loop)
    await sql`delete from turns`.execute(database.kysely);
    let outside: Promise<number> | undefined;
    await database.kysely.transaction().execute(async (trx) => {
      await sql`insert into turns (n) values (1)`.execute(trx);
      // When a query outside it is sent in the middle
      outside = sql<{ count: string }>`select count(*)::text as count from turns`.execute(database.kysely)
        .then((result) => Number(result.rows[0]!.count));
      for (let n = 2; n <= 5; n++) {
        await new Promise((resolve) => setImmediate(resolve));
        await sql`insert into turns (n) values (${n})`.execute(trx);
      }
    });
    // Then it saw all five rows or none, never the transaction half done (PGlite has one connection:
    // a query slipped into it mid-transaction would read 1 to 4)
    expect([0, 5]).toContain(await outside);
  });
});
