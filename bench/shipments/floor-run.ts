import { fork } from 'node:child_process';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { confirmedShipmentBody, fromAutocannon, responseClock } from './http-runs';
import type { RunFigures } from './latency-stats';

export interface FloorServer {
  /** The same confirmed-shipment bodies as the API run, `amount` times on `connections` connections. */
  run(amount: number, connections: number): Promise<RunFigures>;
  close(): Promise<void>;
}

/** Forks floor-server.ts (its own process, like the API's) on the bench's database. */
export async function startFloorServer(databaseUrl: string): Promise<FloorServer> {
  const root = join(__dirname, '..', '..');
  const child = fork(join(__dirname, 'floor-server.ts'), [], {
    cwd: root,
    execArgv: ['-r', join(root, 'tools', 'register.js')],
    env: { ...process.env, BENCH_FLOOR_DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { type: string; port: number }) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`floor server exited (${code})`)));
  });
  return {
    async run(amount, connections) {
      const prefix = `FLOOR-${randomUUID().slice(0, 8)}`;
      let sequence = 0;
      const clock = responseClock();
      const result = await autocannon({
        url: `https://127.0.0.1:${port}/shipments`,
        connections,
        amount,
        timeout: 30,
        requests: [{
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          setupRequest: (request) => ({ ...request, body: JSON.stringify(confirmedShipmentBody(`${prefix}-${sequence++}`, 'FLOOR')) }),
          onResponse: clock.onResponse,
        }],
      });
      return fromAutocannon('floor: bare Fastify HTTPS + INSERT', connections, result, clock);
    },
    async close() {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'close' });
      await gone;
    },
  };
}
