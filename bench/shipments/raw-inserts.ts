import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { figuresFrom, type RunFigures } from './latency-stats';

const TABLE = 'bench_raw_shipment_rows';

/** About 1 KB of JSON, the size of a small shipment. */
function kilobyteRow(i: number): string {
  return JSON.stringify({
    partner_shipment_reference: `RAW-${i}-${randomUUID()}`,
    merchant: 'BENCH',
    dropoff: { contact_name: 'Bench Customer', contact_phone: '+971 50 000 0000', contact_email: 'bench@example.com',
      address1: 'Street 1', city: 'Dubai', country: 'AE' },
    padding: 'x'.repeat(760),
  });
}

/**
 * The baseline: `count` single-row INSERTs (each its own autocommit transaction, like one event append)
 * on `connections` concurrent connections of the same database.
 */
export async function rawInsertRun(url: string, count: number, connections: number): Promise<RunFigures> {
  const pool = new Pool({ connectionString: url, max: connections });
  try {
    await pool.query(`create table if not exists ${TABLE} (id uuid primary key, body jsonb not null, created_at timestamptz not null default now())`);
    const latencies: number[] = [];
    let next = 0;
    let errors = 0;
    const started = process.hrtime.bigint();
    await Promise.all(Array.from({ length: connections }, async () => {
      const client = await pool.connect();
      try {
        while (next < count) {
          const i = next++;
          const t0 = process.hrtime.bigint();
          try {
            await client.query(`insert into ${TABLE} (id, body) values ($1, $2)`, [randomUUID(), kilobyteRow(i)]);
            latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
          } catch {
            errors += 1;
          }
        }
      } finally {
        client.release();
      }
    }));
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    return figuresFrom('raw INSERT of ~1 KB rows', connections, latencies, errors, seconds);
  } finally {
    await pool.query(`drop table if exists ${TABLE}`).catch(() => undefined);
    await pool.end();
  }
}
