/**
 * The Webhooks context's public surface: its Nest module, the per-process context (tests move its
 * clock) and the configuration rules other code may read. Everything else is internal.
 */
export { WebhooksModule } from './webhooks.module';
export { webhooksContextFor, WebhooksContext, type WebhooksContextOptions } from './webhooks.context';
export { WEBHOOKS_CONTEXT } from './webhooks.tokens';
export { loadWebhooksConfig, SYSTEM_CLOCK, type WebhooksClock, type WebhooksConfig } from './webhooks.config';
export {
  retryDelayMinutes, DEFAULT_RETRY, WEBHOOK_LIMITS, WEBHOOK_ENTITY_TYPES, WEBHOOK_STATUSES,
  type WebhookConfiguration, type WebhookConfigurationFields,
} from './domain';
