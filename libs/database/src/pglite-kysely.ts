import { setImmediate as nextTurn } from 'node:timers/promises';
import { Kysely, type DatabaseConnection, type Driver, type TransactionSettings } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import type { PGlite } from '@electric-sql/pglite';

/**
 * Kysely on PGlite, taking turns with the rest of the process.
 *
 * PGlite runs Postgres inside this thread and answers every query through promises alone, and the
 * dialect hands its one connection on through promises too. So a loop of awaited queries (a projector
 * catching up, a range replay scanning the log, a retention purge) never lets the event loop reach
 * its I/O: every HTTPS request waits until the whole loop ends (seconds, for a range replay of a
 * busy month). This driver waits for one turn of the event loop before it asks for the connection;
 * requests that arrived meanwhile are read and queue for the connection beside the loop's next query,
 * in arrival order. A transaction takes the turn once, when it starts, and keeps the connection to its
 * end, as before. On Postgres nothing changes: pg's sockets are I/O already.
 */
export function pgliteKysely(pglite: PGlite): Kysely<any> {
  return new Kysely<any>({ dialect: new TurnTakingPGliteDialect(pglite) });
}

class TurnTakingPGliteDialect extends PGliteDialect {
  override createDriver(): Driver {
    return new TurnTakingDriver(super.createDriver());
  }
}

class TurnTakingDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await nextTurn();
    return this.inner.acquireConnection();
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(connection);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}
