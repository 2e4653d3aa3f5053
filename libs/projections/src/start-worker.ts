import { setMaxListeners } from 'node:events';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from '@shipledger/database';
import { pause, type EventStore, type Position } from '@shipledger/event-store';
import { caughtUpTarget } from './caught-up-target';
import type { Projector, Reactor } from './projector';
import { Doorbell } from './doorbell';
import { FollowerLease } from './follower-lease';
import { followerKey } from './parked-events';
import { SharedReader } from './shared-reader';
import { FollowerProgress } from './follower-progress';
import { migrateProjectionsSchema } from './projections-schema';
import { ProjectorOutdatedError } from './migrate-read-models';
import { ProjectorRunner } from './projector-runner';
import { BatchGroups } from './batch-group';
import { ReactorRunner } from './reactor-runner';
import type { WorkerLogger } from './worker-logger';

export interface WorkerOptions {
  database: Database;
  eventStore: EventStore;
  logger: WorkerLogger;
  projectors: readonly Projector[];
  reactors: readonly Reactor[];
  /** Events per read and per projector transaction. Default 500. */
  batchSize?: number;
  /** Tries of an event a projector cannot apply before it is parked. Default 3. */
  projectorMaxAttempts?: number;
  /** Tries per reactor event before it is parked. Default 5. */
  reactorMaxAttempts?: number;
  /** First retry delay after a failure; doubles up to retryMaxMs. Default 200 / 30 000. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Poll interval used only if the live subscription misses a wake-up. Default 1000. */
  idlePollMs?: number;
  /**
   * Time to live of a follower's lease (which worker runs it). A worker that dies without closing
   * hands its followers over after this long. Default 30 000.
   */
  leaseTtlMs?: number;
}

export interface Worker {
  /**
   * Resolves once every projector and reactor has processed everything up to the store's head position
   * at the time of the call. Rejects if one of them stopped for good, or after `timeoutMs` (default:
   * never), naming the ones behind. With `position` (an AppendResult's), waits for that position
   * instead of the head.
   */
  waitUntilCaughtUp(options?: { timeoutMs?: number; position?: Position }): Promise<void>;
  /** Stops the loops (an in-flight batch finishes or rolls back) and the subscription. Idempotent. */
  close(): Promise<void>;
}

/**
 * Runs every projector and reactor, each in a loop of its own over one shared wake-up subscription:
 * a slow or failing one never holds up the others, and a rebuild pauses only its own projector.
 * Resolves once the `projections` schema and every live read-model schema are migrated, so a process
 * that awaits it can serve queries at once; catching up goes on in the background.
 */
export async function startWorker(options: WorkerOptions): Promise<Worker> {
  const { database, eventStore, logger } = options;
  assertUniqueNames('projector', options.projectors.map((p) => p.name));
  assertUniqueNames('reactor', options.reactors.map((r) => r.name));
  const retry = { retryBaseMs: options.retryBaseMs ?? 200, retryMaxMs: options.retryMaxMs ?? 30_000 };
  const batchSize = options.batchSize ?? 500;
  const owner = `${hostname()}/${process.pid}/${randomUUID()}`;
  const leaseTtlMs = options.leaseTtlMs ?? 30_000;
  const leasePollMs = Math.min(options.idlePollMs ?? 1000, leaseTtlMs / 3);
  const lease = (key: string) => new FollowerLease(database.kysely, key, owner, leaseTtlMs);
  await migrateProjectionsSchema(database.kysely);

  const doorbell = new Doorbell(eventStore, logger, options.idlePollMs ?? 1000);
  const reader = new SharedReader(eventStore, doorbell);
  const groups = new BatchGroups(database.kysely);
  const context = { database, eventStore, doorbell, reader, logger };
  const tuning = (maxAttempts: number) => ({ batchSize, leasePollMs, maxAttempts, ...retry });
  const projectors = options.projectors.map((p) =>
    new ProjectorRunner(p, context, lease(followerKey('projector', p.name)), tuning(options.projectorMaxAttempts ?? 3), groups));
  const reactors = options.reactors.map((r) =>
    new ReactorRunner(r, context, lease(followerKey('reactor', r.name)), tuning(options.reactorMaxAttempts ?? 5)));
  for (const runner of projectors) {
    await runner.prepare().catch((error) => {
      if (!(error instanceof ProjectorOutdatedError)) throw error;
      logger.error(error.message);
      runner.progress.stop(error);
    });
  }
  for (const runner of reactors) await runner.prepare();
  await doorbell.open();

  const abort = new AbortController();
  // Every follower loop (and every loop beside a reactor) waits on this one signal: more than Node's default 10.
  setMaxListeners(64, abort.signal);
  const loops = [...projectors, ...reactors]
    .filter((runner) => !runner.progress.failure)
    .map((runner) => runner.run(abort.signal));
  for (const reactor of options.reactors) {
    if (!reactor.runBeside) continue;
    loops.push(reactor.runBeside(abort.signal).catch((error: unknown) => logger.error({ err: error, reactor: reactor.name }, 'a loop beside a reactor stopped')));
  }
  const progress = [...projectors, ...reactors].map((r) => r.progress);
  logger.info({ projectors: projectors.length, reactors: reactors.length }, 'worker started');

  let closing: Promise<void> | undefined;
  return {
    async waitUntilCaughtUp(wait = {}) {
      if (abort.signal.aborted) throw new Error('worker is closed');
      const head = wait.position ?? (await caughtUpTarget(eventStore, abort.signal));
      if (head === undefined) return;
      // Ends the polling for work set aside when this wait ends, whichever way (or the worker closes).
      const done = new AbortController();
      try {
        await withTimeout(
          Promise.all(progress.map((p) => p.waitFor(head))).then(() => setAsideDone(options.reactors, head, AbortSignal.any([abort.signal, done.signal]))),
          wait.timeoutMs,
          () => behind(progress, head) || 'work set aside by a reactor (the booking backlog) is still to be done',
        );
      } finally {
        done.abort();
      }
    },
    close() {
      closing ??= (async () => {
        abort.abort();
        await doorbell.close();
        await Promise.allSettled(loops);
        for (const p of progress) p.stop(new Error('worker closed'));
        logger.info('worker stopped');
      })();
      return closing;
    },
  };
}

function assertUniqueNames(kind: string, names: string[]): void {
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) throw new Error(`two ${kind}s are named ${name}`);
    seen.add(name);
  }
}

/** Waits until no reactor has work set aside for events up to `head` (polled every 25 ms), or `signal` aborts. */
async function setAsideDone(reactors: readonly Reactor[], head: Position, signal: AbortSignal): Promise<void> {
  for (const reactor of reactors) {
    if (!reactor.hasSetAside) continue;
    while (!signal.aborted && (await reactor.hasSetAside(head))) await pause(25, signal);
  }
}

function behind(progress: FollowerProgress[], head: string): string {
  const lagging = progress.filter((p) => p.position === undefined || p.position < head);
  return lagging.map((p) => `${p.name} at ${p.position ?? 'start'}`).join(', ');
}

async function withTimeout(work: Promise<void>, ms: number | undefined, describe: () => string): Promise<void> {
  if (ms === undefined) return work;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not caught up after ${ms} ms: ${describe()}`)), ms);
  });
  try {
    await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
