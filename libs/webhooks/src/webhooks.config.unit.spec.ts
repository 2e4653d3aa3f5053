import { loadWebhooksConfig } from './webhooks.config';

describe('loadWebhooksConfig: the bounded numbers of the environment', () => {
  it.each([
    [{}, 1_000, 30, 16],
    [{ WEBHOOK_INBOX_KEEP: '5', WEBHOOK_DELIVERY_RETENTION_DAYS: '7', WEBHOOK_TENANT_IN_FLIGHT: '3' }, 5, 7, 3],
    [{ WEBHOOK_INBOX_KEEP: ' ', WEBHOOK_DELIVERY_RETENTION_DAYS: '', WEBHOOK_TENANT_IN_FLIGHT: '' }, 1_000, 30, 16],
    [{ WEBHOOK_INBOX_KEEP: '100000', WEBHOOK_DELIVERY_RETENTION_DAYS: '3650', WEBHOOK_TENANT_IN_FLIGHT: '1024' }, 100_000, 3_650, 1_024],
  ])('given %j, keeps %d inbox deliveries, finished deliveries %d days, and %d of a tenant\'s deliveries in flight', (env, inboxKeep, days, inFlight) => {
    // When the configuration is read
    const config = loadWebhooksConfig(env);
    // Then the values are the given ones, or the defaults
    expect(config.inboxKeep).toBe(inboxKeep);
    expect(config.deliveryRetentionDays).toBe(days);
    expect(config.tenantInFlight).toBe(inFlight);
  });

  it.each([
    ['WEBHOOK_DELIVERY_RETENTION_DAYS', '0'],
    ['WEBHOOK_DELIVERY_RETENTION_DAYS', '3651'],
    ['WEBHOOK_DELIVERY_RETENTION_DAYS', '1.5'],
    ['WEBHOOK_DELIVERY_RETENTION_DAYS', 'thirty'],
    ['WEBHOOK_INBOX_KEEP', '100001'],
    ['WEBHOOK_TENANT_IN_FLIGHT', '0'],
    ['WEBHOOK_TENANT_IN_FLIGHT', '1025'],
  ])('given %s=%s, refuses to start, naming the variable', (name, value) => {
    expect(() => loadWebhooksConfig({ [name]: value })).toThrow(new RegExp(`^${name}: not an integer from 1 to`));
  });
});
