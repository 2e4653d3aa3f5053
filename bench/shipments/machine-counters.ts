/**
 * What the machine, Postgres and its WAL have spent: read before and after a piece of work, divided by
 * how many creates (or shipments) it was. Machine CPU is every process's (from /proc/stat), Postgres's
 * is its processes' user + system time, the WAL is pg_stat_wal's (PostgreSQL 14 and later).
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Client } from 'pg';

/** Jiffies the machine spent busy (user, nice, system, irq, softirq, steal) since boot, all cores. */
function busyJiffies(): number {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
  return user + nice + system + irq + softirq + steal;
}

/**
 * Jiffies spent (user + system) by the Postgres server's processes, those that have exited included: a
 * backend's own count goes when it exits, and the postmaster, once it has reaped it, carries it in its
 * children's times (cutime, cstime). Summing both for every process counts each jiffy once, so the total
 * only grows, even when a round's connections close between two readings.
 */
function postgresJiffies(): number {
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone since the listing
    }
    const close = stat.lastIndexOf(')');
    if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
    const fields = stat.slice(close + 2).split(' ');
    // utime, stime, cutime, cstime: fields 14 to 17 of proc(5)
    total += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  }
  return total;
}

interface WalTotals {
  records: number;
  fullPageImages: number;
  bytes: number;
}

/** The server's WAL written since its statistics were reset (pg_stat_wal, PostgreSQL 14 and later). */
async function walTotals(client: Client): Promise<WalTotals> {
  const { rows } = await client.query<{ records: string; fpi: string; bytes: string }>(
    'select wal_records::text as records, wal_fpi::text as fpi, wal_bytes::text as bytes from pg_stat_wal');
  const row = rows[0]!;
  return { records: Number(row.records), fullPageImages: Number(row.fpi), bytes: Number(row.bytes) };
}

/** Milliseconds per jiffy (USER_HZ, 100 on Linux). */
const JIFFY_MS = 10;

/** What the machine, Postgres and its WAL have spent so far: read before and after a round. */
export interface Counters {
  busy: number;
  postgres: number;
  wal: WalTotals;
}

export async function readCounters(stats: Client): Promise<Counters> {
  return { busy: busyJiffies(), postgres: postgresJiffies(), wal: await walTotals(stats) };
}

/** What a piece of work spent per unit (`count` creates or shipments), formatted: machine and Postgres CPU (ms), and the WAL written. */
export function spentPer(count: number, before: Counters, after: Counters): { machine: string; postgres: string; wal: string } {
  const per = (n: number) => n / count;
  const ms = (jiffies: number) => per(jiffies * JIFFY_MS).toFixed(3);
  return {
    machine: ms(after.busy - before.busy),
    postgres: ms(after.postgres - before.postgres),
    wal: `${per(after.wal.records - before.wal.records).toFixed(1)} records, `
      + `${per(after.wal.fullPageImages - before.wal.fullPageImages).toFixed(2)} full pages, `
      + `${(per(after.wal.bytes - before.wal.bytes) / 1024).toFixed(1)} KB`,
  };
}
