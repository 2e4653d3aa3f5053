/**
 * The floor of the stack on this machine: Fastify over HTTPS (the same self-signed TLS as the API)
 * answering POST /shipments with one INSERT of the body and the body echoed back — no framework,
 * authentication, validation or event sourcing. Forked by baseline-server.ts; says its port over IPC.
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { Pool } from 'pg';
import { generateSelfSigned } from '@shipledger/platform';

export const FLOOR_TABLE = 'bench_floor_shipments';

async function main(): Promise<void> {
  const databaseUrl = process.env.BENCH_BASELINE_DATABASE_URL;
  if (!databaseUrl) throw new Error('BENCH_BASELINE_DATABASE_URL is required');
  const tls = await generateSelfSigned();
  const pool = new Pool({ connectionString: databaseUrl, max: 16 });
  await pool.query(`create table if not exists ${FLOOR_TABLE} (id uuid primary key, body jsonb not null, created_at timestamptz not null default now())`);
  const app = Fastify({ https: { key: tls.key, cert: tls.cert } });
  app.post('/shipments', async (request) => {
    const id = randomUUID();
    await pool.query(`insert into ${FLOOR_TABLE} (id, body) values ($1, $2)`, [id, JSON.stringify(request.body)]);
    return { shipment_id: id, ...(request.body as Record<string, unknown>) };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.send?.({ type: 'baseline-ready', port: typeof address === 'object' && address ? address.port : 0 });
  process.on('message', (message: { type: string }) => {
    if (message.type !== 'close') return;
    void (async () => {
      await app.close();
      await pool.query(`drop table if exists ${FLOOR_TABLE}`).catch(() => undefined);
      await pool.end();
      process.exit(0);
    })();
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
