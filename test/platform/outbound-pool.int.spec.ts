import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Server, Socket } from 'node:net';
import { generate } from 'selfsigned';
import {
  OUTBOUND_DEFAULTS, OutboundClient, parseAllowedCidrs, type OutboundConfig, type OutboundError, type OutboundResolver,
} from '@shipledger/platform';

/** A local server that counts its connections and lets a test wait for one to close. */
interface Counted {
  port: number;
  /** Local addresses of the connections (TLS handshakes for HTTPS), in order. */
  connections: string[];
  hits: number;
  closed(index: number): Promise<void>;
  close(): Promise<void>;
}

async function counted(server: Server, connectEvent: 'connection' | 'secureConnection', host = '127.0.0.1'): Promise<Counted> {
  const sockets: Socket[] = [];
  const local: Counted = {
    port: 0, connections: [], hits: 0,
    closed: (index) => new Promise((resolve) => (sockets[index]!.destroyed ? resolve() : sockets[index]!.once('close', () => resolve()))),
    close: () => new Promise((resolve) => {
      (server as unknown as { closeAllConnections(): void }).closeAllConnections();
      server.close(() => resolve());
    }),
  };
  server.on(connectEvent, (socket: Socket) => {
    sockets.push(socket);
    local.connections.push(String(socket.localAddress));
  });
  server.on('request', () => void local.hits++);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  local.port = (server.address() as AddressInfo).port;
  return local;
}

const loopbackAllowed = parseAllowedCidrs('127.0.0.0/8');
const config = (overrides: Partial<OutboundConfig> = {}): OutboundConfig => ({ ...OUTBOUND_DEFAULTS, allowedCidrs: loopbackAllowed, ...overrides });
const failureOf = (promise: Promise<unknown>) => promise.then(() => 'answered', (error: OutboundError) => error.failure);
const answering = () => createHttpServer((_, response) => response.end('ok'));

describe('the outbound client keeps connections alive, per checked address', () => {
  let pems: { cert: string; private: string };
  beforeAll(async () => {
    pems = await generate([{ name: 'commonName', value: 'carrier.test' }], {
      keyType: 'ec', curve: 'P-256', algorithm: 'sha256',
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'carrier.test' }] }],
    });
  });

  it('given calls one after another to one HTTPS origin, they share one TLS connection', async () => {
    const secure = await counted(createHttpsServer({ cert: pems.cert, key: pems.private }, (_, response) => response.end('ok')), 'secureConnection');
    // Like the system resolver, the answer comes back after an I/O turn: by then the pool has seen the
    // last call end (an instant answer may find it still finishing and open a second connection).
    const resolver: OutboundResolver = () => new Promise((resolve) => setImmediate(() => resolve([{ address: '127.0.0.1', family: 4 }])));
    const client = new OutboundClient({ config: config(), resolver, ca: pems.cert });
    try {
      for (const path of ['/a', '/b', '/c', '/d', '/e', '/f', '/g', '/h']) {
        expect((await client.send({ method: 'POST', url: `https://carrier.test:${secure.port}${path}`, body: '{}' })).status).toBe(200);
      }
      expect(secure.hits).toBe(8);
      expect(secure.connections).toEqual(['127.0.0.1']);
      expect(client.pooledOrigins).toBe(1);
    } finally {
      await client.close();
      await secure.close();
    }
  });

  it('given a pooled connection to a name, a new answer is checked again: a private address is refused, another allowed one gets its own connection', async () => {
    const secure = await counted(createHttpsServer({ cert: pems.cert, key: pems.private }, (_, response) => response.end('ok')), 'secureConnection', '0.0.0.0');
    let answer = '127.0.0.1';
    const resolver: OutboundResolver = async () => [{ address: answer, family: 4 }];
    const client = new OutboundClient({ config: config(), resolver, ca: pems.cert });
    const url = `https://carrier.test:${secure.port}/book`;
    try {
      expect((await client.send({ method: 'POST', url, body: '{}' })).status).toBe(200);
      for (const rebound of ['10.9.9.9', '169.254.169.254', '192.168.1.1']) {
        answer = rebound;
        expect(await failureOf(client.send({ method: 'POST', url, body: '{}' }))).toBe('address_refused');
      }
      expect(await failureOf(client.send({ method: 'POST', url: `https://10.9.9.9:${secure.port}/book`, body: '{}' }))).toBe('address_refused');
      expect(secure.hits).toBe(1);

      answer = '127.0.0.2';
      expect((await client.send({ method: 'POST', url, body: '{}' })).status).toBe(200);
      expect(secure.connections).toEqual(['127.0.0.1', '127.0.0.2']);
      expect(client.pooledOrigins).toBe(2);
    } finally {
      await client.close();
      await secure.close();
    }
  });

  it('given more origins than the bound, the least recently used pool is closed, and close() ends the rest', async () => {
    const [first, second] = await Promise.all([counted(answering(), 'connection'), counted(answering(), 'connection')]);
    const client = new OutboundClient({ config: config({ maxPooledOrigins: 1 }) });
    try {
      await client.send({ method: 'GET', url: `http://127.0.0.1:${first.port}/` });
      await client.send({ method: 'GET', url: `http://127.0.0.1:${second.port}/` });
      await first.closed(0);
      expect(client.pooledOrigins).toBe(1);
      await client.close();
      await second.closed(0);
      expect(client.pooledOrigins).toBe(0);
      expect([first.connections.length, second.connections.length]).toEqual([1, 1]);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('given an idle connection, it is closed after the idle timeout', async () => {
    const server = await counted(answering(), 'connection');
    const client = new OutboundClient({ config: config({ idleTimeoutMs: 100 }) });
    try {
      await client.send({ method: 'GET', url: `http://127.0.0.1:${server.port}/` });
      await server.closed(0);
      expect(server.connections).toHaveLength(1);
    } finally {
      await client.close();
      await server.close();
    }
  });
});
