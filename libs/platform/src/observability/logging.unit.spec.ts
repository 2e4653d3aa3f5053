import pino from 'pino';
import { REDACTED_PATHS } from './logging';

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
});
