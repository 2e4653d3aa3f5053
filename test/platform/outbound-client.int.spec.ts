import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Server } from 'node:net';
import { generate } from 'selfsigned';
import {
  OUTBOUND_DEFAULTS, OutboundClient, OutboundError, parseAllowedCidrs, type OutboundConfig, type OutboundResolver,
} from '@shipledger/platform';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

interface Local {
  port: number;
  hits: string[];
  close(): Promise<void>;
}

async function listen(server: Server, hits: string[]): Promise<Local> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    hits,
    close: () => new Promise((resolve) => {
      (server as unknown as { closeAllConnections(): void }).closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

function httpServer(handler: Handler): Promise<Local> {
  const hits: string[] = [];
  return listen(createHttpServer((request, response) => { hits.push(`${request.method} ${request.url}`); handler(request, response); }), hits);
}

const loopbackAllowed = parseAllowedCidrs('127.0.0.0/8');
const config = (overrides: Partial<OutboundConfig> = {}): OutboundConfig => ({ ...OUTBOUND_DEFAULTS, allowedCidrs: [], ...overrides });
const failureOf = (promise: Promise<unknown>) => promise.then(() => 'answered', (error: OutboundError) => error.failure);

describe('the outbound client against real local servers', () => {
  let ok: Local;
  beforeAll(async () => {
    ok = await httpServer((_, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
  });
  afterAll(() => ok.close());

  it('given no allowlist, a loopback URL is refused before anything is sent', async () => {
    const client = new OutboundClient({ config: config() });
    for (const url of [`http://127.0.0.1:${ok.port}/a`, `http://[::ffff:127.0.0.1]:${ok.port}/a`, `http://2130706433:${ok.port}/a`, `http://0x7f.1:${ok.port}/a`]) {
      expect(await failureOf(client.send({ method: 'POST', url, body: '{}' }))).toBe('address_refused');
    }
    expect(ok.hits).toEqual([]);
  });

  it('given a name that resolves to loopback, it is refused (system resolver: localhost; injected: carrier.test)', async () => {
    expect(await failureOf(new OutboundClient({ config: config() }).send({ method: 'GET', url: `http://localhost:${ok.port}/b` }))).toBe('address_refused');
    const resolver: OutboundResolver = async () => [{ address: '93.184.215.14', family: 4 }, { address: '127.0.0.1', family: 4 }];
    expect(await failureOf(new OutboundClient({ config: config(), resolver }).send({ method: 'GET', url: `http://carrier.test:${ok.port}/b` })))
      .toBe('address_refused');
    expect(ok.hits).toEqual([]);
  });

  it('given the operator allowlist, the same URL is called and answers', async () => {
    const client = new OutboundClient({ config: config({ allowedCidrs: loopbackAllowed }) });
    const answer = await client.send({ method: 'POST', url: `http://127.0.0.1:${ok.port}/c`, headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString('utf8'))).toEqual({ ok: true });
    expect(ok.hits).toEqual(['POST /c']);
  });

  it('given an IPv6 literal, it is refused unless the allowlist holds it, then called', async () => {
    const hits: string[] = [];
    const v6 = createHttpServer((request, response) => { hits.push(String(request.url)); response.end('v6'); });
    await new Promise<void>((resolve) => v6.listen(0, '::1', resolve));
    const url = `http://[::1]:${(v6.address() as AddressInfo).port}/v6`;
    try {
      expect(await failureOf(new OutboundClient({ config: config({ allowedCidrs: loopbackAllowed }) }).send({ method: 'GET', url }))).toBe('address_refused');
      const allowed = new OutboundClient({ config: config({ allowedCidrs: parseAllowedCidrs('::1/128') }) });
      expect((await allowed.send({ method: 'GET', url })).body.toString()).toBe('v6');
      expect(hits).toEqual(['/v6']);
    } finally {
      v6.closeAllConnections();
      await new Promise((resolve) => v6.close(resolve));
    }
  });

  it('given a redirect, it is an error and the target is never called', async () => {
    const target = await httpServer((_, response) => response.end('should not be reached'));
    const redirecting = await httpServer((_, response) => response.writeHead(302, { location: `http://127.0.0.1:${target.port}/x` }).end());
    try {
      const client = new OutboundClient({ config: config({ allowedCidrs: loopbackAllowed }) });
      const error = await client.send({ method: 'POST', url: `http://127.0.0.1:${redirecting.port}/r`, body: '{}' }).catch((e: OutboundError) => e);
      expect(error).toBeInstanceOf(OutboundError);
      expect((error as OutboundError).failure).toBe('redirect');
      expect((error as OutboundError).transient).toBe(false);
      expect(target.hits).toEqual([]);
    } finally {
      await Promise.all([target.close(), redirecting.close()]);
    }
  });

  it('given an answer larger than the bound, it is aborted, with or without a content-length', async () => {
    let streamed = 0;
    const big = await httpServer((request, response) => {
      if (request.url === '/declared') return void response.writeHead(200, { 'content-length': String(10 * 1024 * 1024) }).write(Buffer.alloc(64 * 1024));
      response.writeHead(200);
      const chunk = Buffer.alloc(16 * 1024, 'x');
      const pump = () => {
        while (streamed < 50 * 1024 * 1024 && !response.destroyed) {
          streamed += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        response.end();
      };
      pump();
    });
    try {
      const client = new OutboundClient({ config: config({ allowedCidrs: loopbackAllowed, maxResponseBytes: 100 * 1024 }) });
      expect(await failureOf(client.send({ method: 'GET', url: `http://127.0.0.1:${big.port}/declared` }))).toBe('response_too_large');
      expect(await failureOf(client.send({ method: 'GET', url: `http://127.0.0.1:${big.port}/chunked` }))).toBe('response_too_large');
      // The reader stopped early: far less than the 50 MB the server would have sent was ever produced.
      expect(streamed).toBeLessThan(10 * 1024 * 1024);
    } finally {
      await big.close();
    }
  });

  it('given a server that never answers, the call ends at the deadline as a transient timeout', async () => {
    const hanging = await httpServer(() => undefined);
    try {
      const client = new OutboundClient({ config: config({ allowedCidrs: loopbackAllowed, totalTimeoutMs: 300 }) });
      const started = Date.now();
      const error = await client.send({ method: 'POST', url: `http://127.0.0.1:${hanging.port}/h`, body: '{}' }).catch((e: OutboundError) => e);
      expect((error as OutboundError).failure).toBe('timeout');
      expect((error as OutboundError).transient).toBe(true);
      expect(Date.now() - started).toBeLessThan(3000);
      expect(hanging.hits).toEqual(['POST /h']);
    } finally {
      await hanging.close();
    }
  });

  it('given HTTPS to a name, it resolves once, connects to the checked address and verifies the certificate for the name', async () => {
    const pems = await generate([{ name: 'commonName', value: 'carrier.test' }], {
      keyType: 'ec', curve: 'P-256', algorithm: 'sha256',
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'carrier.test' }] }],
    });
    const hits: string[] = [];
    const secure = await listen(createHttpsServer({ cert: pems.cert, key: pems.private }, (request, response) => {
      hits.push(`${request.method} ${request.headers.host}`);
      response.end('{"tracking_no":"T-1"}');
    }), hits);
    try {
      const lookups: string[] = [];
      // A rebinding resolver: the allowed address first, another one for any later question. Only one is asked.
      const resolver: OutboundResolver = async (hostname) => {
        lookups.push(hostname);
        return [{ address: lookups.length === 1 ? '127.0.0.1' : '10.9.9.9', family: 4 }];
      };
      const client = new OutboundClient({ config: config({ allowedCidrs: loopbackAllowed }), resolver, ca: pems.cert });
      const answer = await client.send({ method: 'POST', url: `https://carrier.test:${secure.port}/book`, body: '{}' });
      expect(answer.body.toString()).toBe('{"tracking_no":"T-1"}');
      expect(lookups).toEqual(['carrier.test']);
      expect(hits).toEqual([`POST carrier.test:${secure.port}`]);

      const untrusted = new OutboundClient({ config: config({ allowedCidrs: loopbackAllowed }), resolver: async () => [{ address: '127.0.0.1', family: 4 }] });
      expect(await failureOf(untrusted.send({ method: 'GET', url: `https://carrier.test:${secure.port}/` }))).toBe('connect_failed');
    } finally {
      await secure.close();
    }
  });

  it('given the service\'s own route, exactly its origin and path reach its own socket with its own certificate, whatever the name resolves to', async () => {
    const pems = await generate([{ name: 'commonName', value: 'self.test' }], {
      keyType: 'ec', curve: 'P-256', algorithm: 'sha256',
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'self.test' }] }],
    });
    const hits: string[] = [];
    const own = await listen(createHttpsServer({ cert: pems.cert, key: pems.private }, (request, response) => {
      hits.push(`${request.method} ${request.url}`);
      response.end('ok');
    }), hits);
    try {
      const lookups: string[] = [];
      // The name resolves to a metadata address: the own route never asks, never connects there.
      const resolver: OutboundResolver = async (hostname) => {
        lookups.push(hostname);
        return [{ address: '169.254.169.254', family: 4 }];
      };
      const client = new OutboundClient({ config: config(), resolver });
      const origin = `https://self.test:${own.port}`;
      const dispose = client.allowOwnService({ origin, path: /\/inbox\/[a-z0-9]+/, address: '127.0.0.1', family: 4, ca: pems.cert });
      expect((await client.send({ method: 'POST', url: `${origin}/inbox/abc`, body: '{}' })).body.toString()).toBe('ok');
      expect((await client.send({ method: 'POST', url: `${origin}/x/../inbox/abc`, body: '{}' })).status).toBe(200);
      for (const url of [`${origin}/inbox/abc/more`, `${origin}/pre/inbox/abc`, `${origin}/inbox/abc?x=1`, `${origin}/inbox/ABC`,
        `https://self.test:${own.port + 1}/inbox/abc`, `http://self.test:${own.port}/inbox/abc`, `https://127.0.0.1:${own.port}/inbox/abc`]) {
        expect({ url, failure: await failureOf(client.send({ method: 'POST', url, body: '{}' })) }).toEqual({ url, failure: 'address_refused' });
      }
      dispose();
      expect(await failureOf(client.send({ method: 'POST', url: `${origin}/inbox/abc`, body: '{}' }))).toBe('address_refused');
      expect(hits).toEqual(['POST /inbox/abc', 'POST /inbox/abc']);
      expect(lookups.every((name) => name === 'self.test')).toBe(true);
    } finally {
      await own.close();
    }
  });
});
