import Fastify, { type FastifyInstance } from 'fastify';
import { TokenBuckets } from '../rate-limit/token-bucket';
import { configureFastify } from './fastify-setup';

describe('configureFastify (json-body.hook.ts): every 2xx has a JSON body', () => {
  let fastify: FastifyInstance;
  beforeAll(async () => {
    // Given routes that answer nothing, null, an object, a 204, a 404 and a text body
    fastify = Fastify();
    configureFastify(fastify, { buckets: new TokenBuckets(), addressRequestsPerMinute: 1_000, internalSecret: 'internal', requireHttps: false });
    fastify.post('/nothing', (_request, reply) => { reply.status(201).send(); });
    fastify.get('/null', (_request, reply) => { reply.send(null); });
    fastify.get('/object', () => ({ ok: true }));
    fastify.delete('/no-content', (_request, reply) => { reply.status(204).send(); });
    fastify.get('/missing', (_request, reply) => { reply.status(404).send(); });
    fastify.get('/text', (_request, reply) => { reply.type('text/plain').send('metrics 1'); });
    await fastify.ready();
  });
  afterAll(() => fastify.close());

  it.each([
    ['POST', '/nothing', 201, '{}', 'application/json; charset=utf-8'],
    ['GET', '/null', 200, '{}', 'application/json; charset=utf-8'],
    ['GET', '/object', 200, '{"ok":true}', 'application/json; charset=utf-8'],
    ['DELETE', '/no-content', 204, '', undefined],
    ['GET', '/missing', 404, '', undefined],
    ['GET', '/text', 200, 'metrics 1', 'text/plain'],
  ] as const)('%s %s answers %d with %j', async (method, url, status, body, contentType) => {
    // When the route is called
    const response = await fastify.inject({ method, url });
    // Then an empty or null 2xx became {}, and everything else passed as it was
    expect(response.statusCode).toBe(status);
    expect(response.body).toBe(body);
    expect(response.headers['content-type']).toBe(contentType);
  });
});
