/**
 * The bench's webhook receiver, in a process of its own (neither the API nor the load generator shares
 * its event loop): HTTPS on 127.0.0.1 with a self-signed certificate written to a file the API trusts
 * (WEBHOOKS_CA_FILE). It answers 200 at once and records, per `event-id`, when each copy arrived
 * (wall clock, ms) — so run.ts can count lost and duplicated deliveries and the delay from the event's
 * append. `/plain` posts (the comparison loop) are only counted.
 */
import { writeFileSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { generateSelfSigned } from '@shipledger/platform';
import type { ReceiverMessage } from './receiver-ipc';

async function main(): Promise<void> {
  const tls = await generateSelfSigned();
  const caFile = join(mkdtempSync(join(tmpdir(), 'bench-webhooks-')), 'receiver-cert.pem');
  writeFileSync(caFile, tls.cert);
  const arrivals = new Map<string, number[]>();
  let plain = 0;
  const server = createServer({ cert: tls.cert, key: tls.key }, (req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url === '/plain') plain++;
      else {
        const eventId = String(req.headers['event-id'] ?? 'none');
        const seen = arrivals.get(eventId);
        if (seen) seen.push(Date.now());
        else arrivals.set(eventId, [Date.now()]);
      }
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.on('message', (message: ReceiverMessage) => {
    if (message.type === 'stats') {
      process.send?.({ type: 'stats', plain, arrivals: [...arrivals.entries()] });
    } else if (message.type === 'close') {
      server.close();
      process.exit(0);
    }
  });
  process.send?.({ type: 'receiver-ready', url, caFile });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
