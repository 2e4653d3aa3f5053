import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { generateSelfSigned } from '@shipledger/platform';

export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string>;
  body: string;
  json: any;
}

export type ReceiverAnswer = { status: number; body?: string; delayMs?: number } | 'hang';

/**
 * A real HTTPS receiver for the delivery tests: a self-signed certificate for 127.0.0.1 that the
 * service trusts through WEBHOOKS_CA_FILE (set by `trustReceivers` before the app starts), and
 * OUTBOUND_ALLOWED_CIDRS=127.0.0.0/8 so the outbound guard lets loopback through (docs/outbound.md).
 */
export class HttpsReceiver {
  readonly received: ReceivedWebhook[] = [];
  answer: (request: ReceivedWebhook) => ReceiverAnswer = () => ({ status: 200, body: 'ok' });
  private readonly hanging = new Set<() => void>();
  private listeners = new Set<() => void>();
  private server!: Server;
  baseUrl = '';

  static async start(): Promise<HttpsReceiver> {
    const receiver = new HttpsReceiver();
    const tls = await generateSelfSigned();
    receiver.server = createServer({ cert: tls.cert, key: tls.key }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
        let json: unknown;
        try { json = JSON.parse(body); } catch { json = undefined; }
        const request = { path: req.url ?? '/', headers, body, json };
        receiver.received.push(request);
        const answer = receiver.answer(request);
        if (answer === 'hang') {
          receiver.hanging.add(() => res.destroy());
        } else {
          const reply = () => res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body ?? '');
          if (answer.delayMs) setTimeout(reply, answer.delayMs);
          else reply();
        }
        for (const listener of [...receiver.listeners]) listener();
      });
    });
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    receiver.baseUrl = `https://127.0.0.1:${(receiver.server.address() as AddressInfo).port}`;
    return receiver;
  }

  url(path: string): string {
    return `${this.baseUrl}${path}`;
  }

  at(path: string): ReceivedWebhook[] {
    return this.received.filter((request) => request.path === path);
  }

  /** Resolves once `ready` holds for what has arrived (checked on every arrival), or fails after `timeoutMs`. */
  waitFor<T>(ready: (received: ReceivedWebhook[]) => T | undefined | false, timeoutMs = 15_000): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const result = ready(this.received);
        if (result) {
          this.listeners.delete(check);
          clearTimeout(timer);
          resolve(result);
        }
      };
      const timer = setTimeout(() => {
        this.listeners.delete(check);
        reject(new Error(`receiver: not there after ${timeoutMs} ms; received ${this.received.length}: ${this.received.map((r) => `${r.path} ${r.headers.trigger}`).join(', ')}`));
      }, timeoutMs);
      this.listeners.add(check);
      check();
    });
  }

  /** Drops the connections of requests left hanging (their senders see a failed call). */
  releaseHanging(): void {
    for (const release of this.hanging) release();
    this.hanging.clear();
  }

  async close(): Promise<void> {
    this.releaseHanging();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Before startTestApp: trust the receivers' certificate and allow loopback for webhook URLs. */
export async function trustReceivers(): Promise<() => void> {
  const previous = { ca: process.env.WEBHOOKS_CA_FILE, cidrs: process.env.OUTBOUND_ALLOWED_CIDRS };
  const file = join(mkdtempSync(join(tmpdir(), 'shipledger-receiver-')), 'ca.pem');
  writeFileSync(file, (await generateSelfSigned()).cert);
  process.env.WEBHOOKS_CA_FILE = file;
  process.env.OUTBOUND_ALLOWED_CIDRS = '127.0.0.0/8';
  return () => {
    restore('WEBHOOKS_CA_FILE', previous.ca);
    restore('OUTBOUND_ALLOWED_CIDRS', previous.cidrs);
  };
}

function restore(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

/** A clock the test moves by hand (retries are minutes apart); starts at the real time. */
export class ManualClock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advanceMinutes(minutes: number): void {
    this.offsetMs += minutes * 60_000;
  }
}
