import type { Database } from '@shipledger/database';
import { changeSignalFor, type ChangeSignal } from '../subscription/change-signal';
import type { LiveSignal } from '../subscription/live-signal';

/**
 * PGlite lives inside this process, so every writer is here too: an in-process signal per database
 * handle reaches every subscription without a round trip.
 */
export class PgliteLiveSignal implements LiveSignal {
  private readonly changes: ChangeSignal;

  constructor(database: Database) {
    this.changes = changeSignalFor(database);
  }

  get version(): number {
    return this.changes.version;
  }

  waitForChange(since: number, timeoutMs: number, abort: AbortSignal): Promise<void> {
    return this.changes.waitForChange(since, timeoutMs, abort);
  }

  appended(): void {
    this.changes.bump();
  }

  listen(): void {
    // The in-process signal needs no connection.
  }

  async close(): Promise<void> {
    // Nothing held.
  }
}
