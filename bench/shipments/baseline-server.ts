import { fork } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { confirmedShipmentBody, fromAutocannon, responseClock, uniqueReferences } from './http-runs';
import type { RunFigures } from './latency-stats';

export interface BaselineServer {
  /** The same confirmed-shipment bodies as the API run, `amount` times on `connections` connections. */
  run(amount: number, connections: number): Promise<RunFigures>;
  close(): Promise<void>;
}

/**
 * A comparison server in its own process (like the API's), on the bench's database: `floor-server.ts`
 * (bare Fastify + one INSERT) or `peer-server.ts` (the conventional NestJS CRUD service). The server
 * says `{type: 'baseline-ready', port, token?}` over IPC; a token is sent as a bearer token.
 */
export async function startBaselineServer(script: 'floor-server.ts' | 'peer-server.ts', label: string, databaseUrl: string): Promise<BaselineServer> {
  const root = join(__dirname, '..', '..');
  const child = fork(join(__dirname, script), [], {
    cwd: root,
    // BENCH_BASELINE_NODE_ARGS="--cpu-prof --cpu-prof-dir=prof" profiles the floor and the peer (as BENCH_API_NODE_ARGS the API).
    execArgv: ['-r', join(root, 'tools', 'register.js'), ...(process.env.BENCH_BASELINE_NODE_ARGS ?? '').split(' ').filter(Boolean)],
    env: { ...process.env, BENCH_BASELINE_DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { port, token } = await new Promise<{ port: number; token?: string }>((resolve, reject) => {
    child.once('message', (message: { type: string; port: number; token?: string }) => resolve(message));
    child.once('exit', (code) => reject(new Error(`${script} exited (${code})`)));
  });
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  return {
    async run(amount, connections) {
      const reference = uniqueReferences('BASE');
      const clock = responseClock();
      const result = await autocannon({
        url: `https://127.0.0.1:${port}/shipments`,
        connections,
        amount,
        timeout: 30,
        requests: [{
          method: 'POST',
          headers,
          setupRequest: (request) => ({ ...request, body: JSON.stringify(confirmedShipmentBody(reference(), 'BASELINE')) }),
          onResponse: clock.onResponse,
        }],
      });
      const figures = fromAutocannon(label, connections, result, clock);
      if (figures.errors > 0) console.warn(`${label}: ${figures.errors} non-2xx answers or errors`);
      return figures;
    },
    async close() {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'close' });
      await gone;
    },
  };
}
