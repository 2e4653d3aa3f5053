import type { Database } from '@shipledger/database';
import type { EventStore } from '@shipledger/event-store';
import { SHIPMENT_STATUSES } from '@shipledger/shipping';
import type { WebhookConfiguration } from '../../domain';
import { newSigningSecret } from '../shared/signing-secrets';
import { webhooksContextFor } from '../../webhooks.context';
import { INBOX_PATH } from './webhook-inbox.service';

/** Fixed, so the README can name it: `GET /webhooks/demo-inbox`. */
export const DEMO_WEBHOOK_ID = 'demo-inbox';

/**
 * Gives the demo tenant of `npm start` one ACTIVE configuration that sends every shipment status and
 * label update to the tenant's own sandbox inbox, so the first shipment's webhooks can be watched
 * without another server. Call after the API listens (the inbox URL is made from its base URL).
 * Idempotent; a later start on another port moves the URL along; a tenant that deleted it keeps it deleted.
 */
export async function provisionDemoWebhook(deps: { database: Database; eventStore: EventStore }, tenantId: string, at = new Date()): Promise<void> {
  const context = webhooksContextFor(deps);
  if (!context.ownBaseUrl) throw new Error('provisionDemoWebhook: the API is not listening yet (allowOwnInbox was not called)');
  const url = `${context.ownBaseUrl}${INBOX_PATH}/${await context.inbox.inboxIdOf(tenantId)}`;
  const configuration: WebhookConfiguration = {
    config_id: DEMO_WEBHOOK_ID, tenant_id: tenantId, update_date: at.toISOString(),
    config_name: 'Demo inbox (sandbox)', url, status: 'ACTIVE', entity_type: null, headers: {}, merchants: [],
    pickup: null, dropoff: null, pickup_partner_location_ids: null, dropoff_partner_location_ids: null, custom_conditions: [],
    notify_label_update: true, notify_service_label_update: true, notify_rma_received_items: false, notify_rma_returned_items: false,
    notify_status: [...SHIPMENT_STATUSES], initial_retry_frequency: null, max_retry_count: null, internal: false,
  };
  if (await context.repository.insertIfAbsent(configuration, newSigningSecret())) return;
  const stored = await context.repository.get(tenantId, DEMO_WEBHOOK_ID);
  if (!stored || stored.configuration.url === url || !new URL(stored.configuration.url).pathname.startsWith(`${INBOX_PATH}/`)) return;
  await context.repository.update({ ...stored.configuration, url, update_date: at.toISOString() }, stored.version);
}
