import Fastify from 'fastify';
import pino from 'pino';
import { CORRELATION_ID_KEY } from '../http/request-ids';
import { createServiceLogger, LOG_BINDINGS_KEY, REDACTED_PATHS, redactUrl, registerAccessLog, ServiceLogger } from './logging';

describe('log redaction', () => {
  it('never writes credentials: authorization, x-api-key, cookies, secrets, keys, tokens', () => {
    const lines: string[] = [];
    const logger = pino({ redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, { write: (line: string) => lines.push(line) });
    logger.info({
      req: { headers: { authorization: 'Bearer eyJLEAK1', 'x-api-key': 'slk_LEAK2', cookie: 'sid=LEAK3', 'tenant-id': 'ACME' }, body: { client_secret: 'cs_LEAK4' } },
      res: { headers: { 'set-cookie': 'sid=LEAK5' } },
      client_secret: 'cs_LEAK6', api_key: 'slk_LEAK7', access_token: 'eyJLEAK8',
    }, 'request');
    expect(lines.join('')).not.toMatch(/LEAK/);
    expect(lines.join('')).toContain('ACME');
  });

  it('never writes a signed label link: not in a request URL, not in a logged shipment', () => {
    // Given a logger with the service's redaction, and a label link as a request URL and in a body
    const lines: string[] = [];
    const logger = pino({ redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, { write: (line: string) => lines.push(line) });
    const link = 'https://api.example/labels/S1/service_pdf?expires=1900000000&signature=LEAKsig1';

    // When both are logged
    logger.info({ req: { url: redactUrl('/labels/S1/service_pdf?expires=1900000000&signature=LEAKsig2') } }, 'request');
    logger.info({ shipment: { post_shipping_info: { service_pdf_label_url: link } }, default_label_url: link }, 'shipment');

    // Then no signature is written, and the rest of the URL still is
    expect(lines.join('')).not.toMatch(/LEAK/);
    expect(lines[0]).toContain('/labels/S1/service_pdf?expires=1900000000&signature=[redacted]');
  });
});

describe('access log', () => {
  const serviceWithAccessLog = async (level: string) => {
    const lines: Array<Record<string, unknown>> = [];
    const fastify = Fastify();
    registerAccessLog(fastify, createServiceLogger(level, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) }));
    fastify.addHook('onRequest', async (request) => {
      (request as unknown as Record<string, unknown>)[CORRELATION_ID_KEY] = 'corr-1';
      (request.raw as unknown as Record<string, unknown>)[LOG_BINDINGS_KEY] = { tenantId: 'ACME', clientId: 'c-1' };
    });
    fastify.get('/labels/:id', async () => ({ ok: true }));
    fastify.get('/broken', async (_request, reply) => reply.status(503).send({ error: 'down' }));
    return { fastify, lines };
  };

  it('writes one line per answered request: id, method, URL without its signature, status, tenant, client, correlation id', async () => {
    // Given a service logging at info
    const { fastify, lines } = await serviceWithAccessLog('info');

    // When a signed label link is fetched
    await fastify.inject({ method: 'GET', url: '/labels/S1?expires=1&signature=LEAKsig', headers: { authorization: 'Bearer eyJLEAK' } });

    // Then one info line tells who asked what and how it ended, and leaks no credential
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30, msg: 'request completed', req: { method: 'GET', url: '/labels/S1?expires=1&signature=[redacted]' }, res: { statusCode: 200 },
      tenantId: 'ACME', clientId: 'c-1', correlationId: 'corr-1',
    });
    expect(typeof (lines[0]!.req as { id: unknown }).id).toBe('string');
    expect(typeof lines[0]!.responseTime).toBe('number');
    expect(JSON.stringify(lines)).not.toMatch(/LEAK/);
    await fastify.close();
  });

  it('logs a 5xx answer at error level', async () => {
    // Given a service logging at info
    const { fastify, lines } = await serviceWithAccessLog('info');

    // When a request ends in a 503
    await fastify.inject({ method: 'GET', url: '/broken' });

    // Then its line is an error
    expect(lines).toMatchObject([{ level: 50, res: { statusCode: 503 } }]);
    await fastify.close();
  });

  it('writes nothing below its level', async () => {
    // Given a service logging errors only
    const { fastify, lines } = await serviceWithAccessLog('error');

    // When a request succeeds
    await fastify.inject({ method: 'GET', url: '/labels/S1' });

    // Then no line is written
    expect(lines).toEqual([]);
    await fastify.close();
  });
});

describe('Nest messages through the service logger', () => {
  it('keeps the context, the fields of an object message and the error', () => {
    // Given Nest's messages going to the service logger
    const lines: Array<Record<string, unknown>> = [];
    const logger = new ServiceLogger(createServiceLogger('info', { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) }));

    // When Nest logs a message, an object with a message, and an error
    logger.log('Nest application successfully started', 'NestApplication');
    logger.error({ err: new Error('boom'), requestId: 'r-1' }, 'Unhandled error', 'ApiExceptionFilter');
    logger.debug('not at info');

    // Then each is one line with its context, fields and level
    expect(lines).toMatchObject([
      { level: 30, context: 'NestApplication', msg: 'Nest application successfully started' },
      { level: 50, context: 'ApiExceptionFilter', requestId: 'r-1', msg: 'Unhandled error', err: { message: 'boom' } },
    ]);
  });
});
