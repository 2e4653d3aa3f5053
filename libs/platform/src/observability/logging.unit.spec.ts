import pino from 'pino';
import { REDACTED_PATHS, redactUrl } from './logging';

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
