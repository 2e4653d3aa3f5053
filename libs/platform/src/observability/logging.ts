import type { LoggerService } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import pino from 'pino';
import { CORRELATION_ID_KEY } from '../http/request-ids';

/** Where the auth guard leaves tenant and client on the raw request, for the access log. */
export const LOG_BINDINGS_KEY = 'shipledgerLogBindings';

/** Credentials never reach the logs: headers and fields that carry them are redacted at the source. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'req.body.client_secret',
  'client_secret',
  'api_key',
  'access_token',
  // Signed label links open a label without a token: they are credentials too.
  ...['default_label_url', 'carrier_pdf_label_url', 'service_pdf_label_url', 'service_zpl_label_url'].flatMap((field) => [
    field,
    `*.${field}`,
    `*.*.${field}`,
  ]),
];

/** A request URL as logged: the signature of a signed link (a credential) is redacted. */
export function redactUrl(url: string): string {
  return url.replace(/([?&]signature=)[^&#]*/gi, '$1[redacted]');
}

/** The service's logger: pino at `level`, with the credential redaction above. */
export function createServiceLogger(level: string, destination?: pino.DestinationStream): pino.Logger {
  return pino({ level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, destination);
}

/**
 * The access log: one line per answered request (level error for a 5xx, else info) with its id,
 * method, URL (signatures redacted), status, response time, tenant and client (left on the raw request
 * by the auth guard) and correlation id; "request aborted" when the client went away first. Written
 * from Fastify's onResponse hook straight to the service logger: no child logger per request and no
 * AsyncLocalStorage (pino-http through nestjs-pino paid both on every request, logged or not).
 */
export function registerAccessLog(fastify: FastifyInstance, logger: pino.Logger): void {
  const line = (request: FastifyRequest, statusCode?: number, responseTime?: number) => {
    const bindings = (request.raw as unknown as Record<string, unknown>)[LOG_BINDINGS_KEY] as Record<string, string> | undefined;
    const correlationId = (request as unknown as Record<string, unknown>)[CORRELATION_ID_KEY] as string | undefined;
    return {
      req: { id: request.id, method: request.method, url: redactUrl(request.url) },
      ...(statusCode === undefined ? {} : { res: { statusCode }, responseTime }),
      ...bindings,
      ...(correlationId ? { correlationId } : {}),
    };
  };
  fastify.addHook('onResponse', (request, reply, done) => {
    const level = reply.statusCode >= 500 ? 'error' : 'info';
    if (logger.isLevelEnabled(level)) logger[level](line(request, reply.statusCode, reply.elapsedTime), 'request completed');
    done();
  });
  fastify.addHook('onRequestAbort', (request, done) => {
    if (logger.isLevelEnabled('info')) logger.info(line(request), 'request aborted');
    done();
  });
}

/** Nest's own messages (start-up, the exception filter's unhandled errors) through the service logger. */
export class ServiceLogger implements LoggerService {
  constructor(readonly pino: pino.Logger) {}

  log(message: unknown, ...rest: unknown[]): void {
    this.write('info', message, rest);
  }

  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }

  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }

  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }

  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('trace', message, rest);
  }

  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }

  /** Nest passes the logger's context last; an error's stack (a string) may come before it. */
  private write(level: pino.Level, message: unknown, rest: unknown[]): void {
    if (!this.pino.isLevelEnabled(level)) return;
    const strings = rest.filter((value): value is string => typeof value === 'string');
    const context = rest.length > 0 && typeof rest[rest.length - 1] === 'string' ? strings.pop() : undefined;
    const fields: Record<string, unknown> = context ? { context } : {};
    if (message instanceof Error) this.pino[level]({ ...fields, err: message }, strings[0] ?? message.message);
    else if (typeof message === 'object' && message !== null) this.pino[level]({ ...fields, ...message }, strings[0]);
    else this.pino[level](level === 'error' && strings[0] ? { ...fields, stack: strings[0] } : fields, String(message));
  }
}
