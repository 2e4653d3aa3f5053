import type { IncomingMessage } from 'node:http';
import { LoggerModule } from 'nestjs-pino';

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

export function loggerModule(level: string) {
  return LoggerModule.forRoot({
    pinoHttp: {
      level,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      genReqId: (req: IncomingMessage) => (req as IncomingMessage & { id?: string }).id ?? 'unknown',
      customProps: (req: IncomingMessage) => {
        const bindings = (req as unknown as Record<string, unknown>)[LOG_BINDINGS_KEY] as Record<string, string> | undefined;
        const correlationId = req.headers['x-correlation-id'];
        return { ...(bindings ?? {}), ...(typeof correlationId === 'string' ? { correlationId } : {}) };
      },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: redactUrl(req.url) }),
      },
    },
  });
}
