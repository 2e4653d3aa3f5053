/**
 * Turns `perf script -F comm,pid,ip,sym` output of a whole-machine `perf record -a -g` into two tables:
 * the machine's CPU per create by process (the bench's Postgres backends, Postgres's other processes, the
 * API, the load generator, idle), and the bench's Postgres backends by phase of their work. Each backend
 * sample is charged to the first phase (in the order below) any frame of its stack names; Debian's
 * postgres binary keeps its exported symbols, which is enough for these frames (static functions show as
 * addresses and are charged to the exported caller above them).
 */

/** One sample: the process it ran in and its stack, leaf first. */
export interface PerfSample {
  comm: string;
  pid: number;
  frames: string[];
}

export function parsePerfScript(text: string): PerfSample[] {
  const samples: PerfSample[] = [];
  let current: PerfSample | undefined;
  for (const line of text.split('\n')) {
    if (line.startsWith('\t')) {
      // "\t    55b49fca1ed9 standard_ExecutorRun+0x5d": the symbol without its offset
      const symbol = line.trim().split(/\s+/)[1] ?? '[unknown]';
      current?.frames.push(symbol.replace(/\+0x[0-9a-f]+$/, ''));
      continue;
    }
    const header = /^\s*(.+?)\s+(\d+)\s*$/.exec(line);
    if (header) {
      current = { comm: header[1]!, pid: Number(header[2]), frames: [] };
      samples.push(current);
    }
  }
  return samples;
}

/** Phases of a backend's work, most specific first: an index insert under a commit is the commit's. */
export const POSTGRES_PHASES: ReadonlyArray<readonly [phase: string, frames: readonly string[]]> = [
  ['commit (WAL insert and flush, fdatasync)', ['CommitTransactionCommand', 'XLogFlush']],
  ['batch rows from JSON (json_to_recordset and its columns\' input)', ['ExecMakeTableFunctionResult']],
  ['index entries written (btree inserts, unique checks)', ['ExecInsertIndexTuples']],
  ['TOAST (compressing values over 2 KB)', ['heap_toast_insert_or_update', 'toast_tuple_try_compression']],
  ['heap rows written', ['heap_insert', 'heap_multi_insert', 'heap_update', 'heap_delete']],
  ['index reads (lookups, joins, conflicts)', ['btgettuple', 'index_getnext_slot']],
  ['planning (custom plans of prepared statements included)', ['pg_plan_query', 'standard_planner', 'GetCachedPlan']],
  ['executor start (plan tree set-up)', ['standard_ExecutorStart', 'ExecInitNode']],
  ['parse and analyze', ['raw_parser', 'parse_analyze_fixedparams', 'pg_analyze_and_rewrite_fixedparams', 'pg_analyze_and_rewrite_varparams']],
  ['rest of the executor (joins, CTEs, sorts, end)', ['standard_ExecutorRun', 'standard_ExecutorEnd', 'PortalRun']],
  ['protocol (parameters in, rows out, sockets)', ['PostgresMain']],
];

/** A row of a table: its name, µs of CPU per create, and its share of the table's samples. */
export interface ProfileRow {
  name: string;
  microsPerCreate: number;
  share: number;
}

export interface ProfileTables {
  creates: number;
  /** By process group; shares of the busy (not idle) samples. */
  processes: ProfileRow[];
  /** The bench's backends only, by phase. */
  phases: ProfileRow[];
  /** The bench's backends' leaf functions, most sampled first. */
  leaves: ProfileRow[];
}

const IDLE = 'idle';
const BENCH_BACKENDS = 'Postgres: the bench\'s backends';

export function postgresProfile(samples: readonly PerfSample[], options: {
  frequency: number; creates: number; backendPids: ReadonlySet<number>; loadGeneratorPid: number;
}): ProfileTables {
  const micros = (count: number) => (count / options.frequency) * 1e6 / options.creates;
  const groupOf = (sample: PerfSample): string => {
    if (sample.pid === 0) return IDLE;
    if (sample.comm === 'postgres') return options.backendPids.has(sample.pid) ? BENCH_BACKENDS : 'Postgres: other processes (WAL writer, checkpointer, …)';
    if (sample.pid === options.loadGeneratorPid) return 'the load generator (this process)';
    if (sample.comm.startsWith('node')) return 'the API process (node)';
    return 'other';
  };
  const groups = new Map<string, number>();
  const phases = new Map<string, number>();
  const leaves = new Map<string, number>();
  let backend = 0;
  for (const sample of samples) {
    const group = groupOf(sample);
    groups.set(group, (groups.get(group) ?? 0) + 1);
    if (group !== BENCH_BACKENDS) continue;
    backend++;
    const names = new Set(sample.frames);
    const phase = POSTGRES_PHASES.find(([, frames]) => frames.some((frame) => names.has(frame)))?.[0] ?? 'other';
    phases.set(phase, (phases.get(phase) ?? 0) + 1);
    const leaf = sample.frames[0] ?? '[unknown]';
    leaves.set(leaf, (leaves.get(leaf) ?? 0) + 1);
  }
  const busy = samples.length - (groups.get(IDLE) ?? 0);
  const sorted = (counts: Map<string, number>, of: number): ProfileRow[] => [...counts].sort((a, b) => b[1] - a[1])
    .map(([name, count]) => ({ name, microsPerCreate: micros(count), share: of ? count / of : 0 }));
  return {
    creates: options.creates,
    processes: sorted(groups, busy),
    phases: sorted(phases, backend),
    leaves: sorted(leaves, backend).slice(0, 15),
  };
}

export function formatPostgresProfile(title: string, tables: ProfileTables): string {
  const row = (label: string, microsPerCreate: number, share?: number) =>
    `  ${label.padEnd(66)} ${microsPerCreate.toFixed(0).padStart(6)} µs${share === undefined ? '' : ` ${(share * 100).toFixed(1).padStart(5)} %`}`;
  return [
    `${title}: CPU per create over ${tables.creates} creates, by process (shares of the busy samples)`,
    ...tables.processes.map((p) => row(p.name, p.microsPerCreate, p.name === IDLE ? undefined : p.share)),
    'the bench\'s Postgres backends, by phase (shares of their samples)',
    ...tables.phases.map((p) => row(p.name, p.microsPerCreate, p.share)),
    'their most sampled leaf functions',
    ...tables.leaves.map((l) => `  ${l.name.padEnd(66)} ${(l.share * 100).toFixed(1).padStart(5)} %`),
  ].join('\n');
}
