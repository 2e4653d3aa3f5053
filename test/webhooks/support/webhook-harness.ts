import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp, type TestTenant } from '@shipledger/testing';
import { webhooksContextFor, type WebhooksContext } from '@shipledger/webhooks';
import { createCarrierAccount } from '../../shipping/support/shipment-requests';
import { HttpsReceiver, ManualClock, trustReceivers } from './https-receiver';

export interface WebhookHarness {
  app: TestApp;
  tenant: TestTenant;
  receiver: HttpsReceiver;
  clock: ManualClock;
  context: WebhooksContext;
  /** A configuration posting to the receiver at `path`, of the harness's tenant or of `as`. */
  configure(path: string, overrides?: Record<string, unknown>, as?: TestTenant): Promise<{ config_id: string; secret: string }>;
  /** The configuration's delivery log once `ready` holds for it (polled: the sender records after the receiver answered). */
  logOnce(configId: string, ready: (attempts: any[]) => boolean, query?: string): Promise<any[]>;
  /** Resolves when the reactor has handled everything and no delivery is due and unsent. */
  drained(): Promise<void>;
  /** What `probe` answers once it answers something (polled every 50 ms); throws naming `what` after `timeoutMs`. */
  until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs?: number): Promise<T>;
  close(): Promise<void>;
}

/** Deliveries straight into the outbox (as the reactor writes them): many rows at once, without shipments. */
export function outboxRows(tenantId: string, configId: string, count: number) {
  return Array.from({ length: count }, (_, index) => {
    const eventId = randomUUID();
    return {
      tenant_id: tenantId, config_id: configId, event_id: eventId, replay_id: '', source_event_id: eventId, source_position: String(index).padStart(20, '0'),
      trigger: 'booked', aggregate_type: 'shipment' as const, aggregate_id: `S-${randomUUID()}`, aggregate_version: 1,
      body: JSON.stringify({ shipment_id: `n${index}` }), occurred_at: new Date().toISOString(),
    };
  });
}

/**
 * The app (with its worker and sender, unless `worker: false`: then nothing runs the outbox or the
 * replays but the test), a tenant with a sandbox carrier, a trusted HTTPS receiver and a hand-moved clock.
 */
export async function webhookHarness(options: { postgres?: boolean; worker?: boolean } = {}): Promise<WebhookHarness> {
  const restoreEnv = await trustReceivers();
  const receiver = await HttpsReceiver.start();
  const app = await startTestApp({ postgres: options.postgres ?? false, worker: options.worker ?? true });
  const context = webhooksContextFor({ database: app.database, eventStore: app.eventStore });
  const clock = new ManualClock();
  context.useClock(clock);
  const tenant = await app.createTenant({ merchants: ['SHOP-A', 'SHOP-B'] });
  await createCarrierAccount(app, tenant);
  const deadline = async <T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const result = await probe();
      if (result !== undefined) return result;
      if (Date.now() > until) throw new Error(`not reached in ${timeoutMs} ms: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return {
    app, tenant, receiver, clock, context, until: deadline,
    async configure(path, overrides = {}, as = tenant) {
      const response = await app.http.request('POST', '/webhooks', {
        headers: as.headers, body: { config_name: path, url: receiver.url(path), notify_status: ['booked'], ...overrides },
      });
      if (response.status !== 201) throw new Error(`configure: ${response.status} ${response.text}`);
      return response.body;
    },
    logOnce(configId, ready, query = '') {
      return deadline(`log of ${configId}`, async () => {
        const response = await app.http.request('GET', `/webhooks/${configId}/deliveries?page_size=100${query}`, { headers: tenant.headers });
        return response.status === 200 && ready(response.body) ? response.body as any[] : undefined;
      });
    },
    async drained() {
      await app.waitUntilCaughtUp();
      await deadline('no due delivery left', async () => {
        const db = await context.deliveries.db();
        const due = await db.selectFrom('deliveries').select('delivery_id').where('status', '=', 'pending')
          .where('next_attempt_at', '<=', clock.now()).limit(1).execute();
        return due.length === 0 ? true : undefined;
      });
    },
    async close() {
      await app?.close();
      await receiver?.close();
      restoreEnv();
    },
  };
}
