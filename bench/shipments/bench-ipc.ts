import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export interface BenchReady {
  type: 'ready';
  baseUrl: string;
  headers: Record<string, string>;
  tenantId: string;
  merchant: string;
  /** The API's Postgres database; '' when it runs on PGlite (BENCH_PGLITE_DIR). */
  databaseUrl: string;
  /** Set when a SANDBOX carrier account could be created, so confirmed creates go to pending. */
  carrierAccountName?: string;
  /** Set when the tenant's location could be created (its location code), so orders get allocated FOs. */
  locationCode?: string;
  /** Whether the worker runs the reactors too (BENCH_REACTORS=1), or the projectors only. */
  reactors: boolean;
}

export type BenchMessage = { type: 'wait-caught-up'; timeoutMs: number } | { type: 'close' }
  | { type: 'profile-start' } | { type: 'profile-stop'; path: string } | { type: 'rss' } | { type: 'start-reactors' } | { type: 'usage' }
  | { type: 'memory' } | { type: 'heap-snapshot'; path: string };

/**
 * What the API process has spent since it started: CPU (user + system, µs) and statements sent to Postgres;
 * and its event loop's delay (p99 and max, ms) since the previous usage figures.
 */
export interface ApiUsage {
  cpuMicros: number;
  statements: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
}

/**
 * The API process's memory, in bytes, read right after a forced full GC when `collected` (the bench runs the
 * API process with --expose-gc): heapUsed is then what is live, not what V8 has not yet bothered to collect.
 */
export interface ApiMemory {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  collected: boolean;
}

export interface ApiProcess {
  ready: BenchReady;
  waitUntilCaughtUp(timeoutMs: number): Promise<void>;
  /** Starts the V8 CPU profiler in the API process (only the load between start and stop is sampled). */
  startProfile(): Promise<void>;
  /** Stops it and writes the .cpuprofile to `path`. */
  stopProfile(path: string): Promise<void>;
  /** The API process's resident set size, in bytes. */
  rss(): Promise<number>;
  /** RSS and the V8 heap after a forced GC (see ApiMemory). */
  memory(): Promise<ApiMemory>;
  /** Forces a GC and writes a .heapsnapshot of the API process; resolves with its path. */
  heapSnapshot(path: string): Promise<string>;
  /** The API process's CPU time and statement count so far (differences of two readings measure a run). */
  usage(): Promise<ApiUsage>;
  /** Starts the reactors (booking, labels, webhooks) in the API process, as `npm start` runs them. */
  startReactors(): Promise<void>;
  close(): Promise<void>;
}

/** A bench process forked from TypeScript (through tools/register.js) and spoken to over IPC. */
export interface BenchChild {
  /** The child's next message of `type`; rejects if the child exits first. */
  next<T>(type: string): Promise<T>;
  send(message: object): void;
  /** Sends 'close' and waits for the child to exit. */
  close(): Promise<void>;
}

/** Forks `script` (a .ts file beside this one) with the register hook, `nodeArgs` and `env`. */
export function forkBenchChild(script: string, options: { nodeArgs?: readonly string[]; env?: NodeJS.ProcessEnv } = {}): BenchChild {
  const root = join(__dirname, '..', '..');
  const child: ChildProcess = fork(join(__dirname, script), [], {
    cwd: root,
    execArgv: ['-r', join(root, 'tools', 'register.js'), ...(options.nodeArgs ?? [])],
    env: options.env ?? process.env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`${script} exited (${code})`))));
  exited.catch(() => undefined);
  return {
    next: <T>(type: string) => Promise.race([
      new Promise<T>((resolve) => {
        const listener = (message: { type: string }) => {
          if (message.type !== type) return;
          child.off('message', listener);
          resolve(message as T);
        };
        child.on('message', listener);
      }),
      exited,
    ]),
    send: (message) => child.send(message),
    async close() {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'close' });
      await gone;
    },
  };
}

/**
 * Forks api-process.ts and waits for its 'ready'.
 * `orderShipments`: the worker also runs the order-shipments process manager (fulfilled FO → shipment).
 */
export async function startApiProcess(options: { orderShipments?: boolean; pgliteDir?: string } = {}): Promise<ApiProcess> {
  const child = forkBenchChild('api-process.ts', {
    // BENCH_API_NODE_ARGS="--cpu-prof --cpu-prof-dir=prof" profiles the API process.
    // --expose-gc (the bench's API process only): memory() reads the heap after a forced full GC.
    // --max-semi-space-size=32: as `npm start` runs the service (package.json; docs/benchmarks.md).
    nodeArgs: ['--expose-gc', '--max-semi-space-size=32', ...(process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean)],
    env: { ...process.env, ...(options.orderShipments ? { BENCH_ORDER_SHIPMENTS: '1' } : {}), ...(options.pgliteDir ? { BENCH_PGLITE_DIR: options.pgliteDir } : {}) },
  });
  const ready = await child.next<BenchReady>('ready');
  return {
    ready,
    async waitUntilCaughtUp(timeoutMs) {
      const caughtUp = child.next<{ error?: string }>('caught-up');
      child.send({ type: 'wait-caught-up', timeoutMs } satisfies BenchMessage);
      // A follower that did not catch up in time is the API process's answer, not its end.
      const { error } = await caughtUp;
      if (error) throw new Error(error);
    },
    async startProfile() {
      const started = child.next('profile-started');
      child.send({ type: 'profile-start' } satisfies BenchMessage);
      await started;
    },
    async stopProfile(path) {
      const written = child.next('profile-written');
      child.send({ type: 'profile-stop', path } satisfies BenchMessage);
      await written;
    },
    async rss() {
      const answer = child.next<{ rss: number }>('rss');
      child.send({ type: 'rss' } satisfies BenchMessage);
      return (await answer).rss;
    },
    async memory() {
      const answer = child.next<ApiMemory & { type: 'memory' }>('memory');
      child.send({ type: 'memory' } satisfies BenchMessage);
      const { type: _type, ...memory } = await answer;
      return memory;
    },
    async heapSnapshot(path) {
      const written = child.next<{ path: string }>('heap-snapshot-written');
      child.send({ type: 'heap-snapshot', path } satisfies BenchMessage);
      return (await written).path;
    },
    async usage() {
      const answer = child.next<ApiUsage & { type: 'usage' }>('usage');
      child.send({ type: 'usage' } satisfies BenchMessage);
      const { cpuMicros, statements, loopDelayP99Ms, loopDelayMaxMs } = await answer;
      return { cpuMicros, statements, loopDelayP99Ms, loopDelayMaxMs };
    },
    async startReactors() {
      const started = child.next('reactors-started');
      child.send({ type: 'start-reactors' } satisfies BenchMessage);
      await started;
    },
    close: () => child.close(),
  };
}
