/**
 * The Webhooks context's public surface: its Nest module, the per-process context (tests move its
 * clock) and the configuration rules other code may read. Everything else is internal.
 */
export { WebhooksModule } from './webhooks.module';
export { webhooksContextFor, webhookReactors, WebhooksContext, type WebhooksContextOptions } from './webhooks.context';
export { WEBHOOKS_CONTEXT } from './webhooks.tokens';
export { loadWebhooksConfig, SYSTEM_CLOCK, type WebhooksClock, type WebhooksConfig } from './webhooks.config';
export { WebhookSender, type WebhookSenderOptions } from './application/deliveries/webhook-sender';
export { DeliveryRetention, type DeliveryRetentionOptions, type PurgeCounts } from './application/deliveries/delivery-retention';
export { WebhookDeliveriesReactor, WEBHOOK_DELIVERIES_REACTOR } from './application/deliveries/webhook-deliveries.reactor';
export { deliveryHeaders } from './application/deliveries/webhook-request';
export {
  retryDelayMinutes, DEFAULT_RETRY, WEBHOOK_LIMITS, WEBHOOK_ENTITY_TYPES, WEBHOOK_STATUSES,
  DELIVERY_LIMITS, DELIVERY_STATUSES, ORDER_TRIGGERS, ORDER_EVENT_TRIGGERS, SHIPMENT_EVENT_TRIGGERS, deliveryEventId,
  type WebhookConfiguration, type WebhookConfigurationFields,
} from './domain';
export { provisionDemoWebhook, DEMO_WEBHOOK_ID } from './application/sandbox-inbox/demo-webhook';
export { type OwnService } from './webhooks.context';
