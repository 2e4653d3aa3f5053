import { loadWebhooksConfig } from './webhooks.config';

describe('loadWebhooksConfig: the bounded numbers of the environment', () => {
  it.each([
    [{}, 1_000, 30],
    [{ WEBHOOK_INBOX_KEEP: '5', WEBHOOK_DELIVERY_RETENTION_DAYS: '7' }, 5, 7],
    [{ WEBHOOK_INBOX_KEEP: ' ', WEBHOOK_DELIVERY_RETENTION_DAYS: '' }, 1_000, 30],
    [{ WEBHOOK_INBOX_KEEP: '100000', WEBHOOK_DELIVERY_RETENTION_DAYS: '3650' }, 100_000, 3_650],
  ])('given %j, keeps %d inbox deliveries and finished deliveries %d days', (env, inboxKeep, days) => {
    // When the configuration is read
    const config = loadWebhooksConfig(env);
    // Then the values are the given ones, or the defaults
    expect(config.inboxKeep).toBe(inboxKeep);
    expect(config.deliveryRetentionDays).toBe(days);
  });

  it.each([
    ['WEBHOOK_DELIVERY_RETENTION_DAYS', '0'],
    ['WEBHOOK_DELIVERY_RETENTION_DAYS', '3651'],
    ['WEBHOOK_DELIVERY_RETENTION_DAYS', '1.5'],
    ['WEBHOOK_DELIVERY_RETENTION_DAYS', 'thirty'],
    ['WEBHOOK_INBOX_KEEP', '100001'],
  ])('given %s=%s, refuses to start, naming the variable', (name, value) => {
    expect(() => loadWebhooksConfig({ [name]: value })).toThrow(new RegExp(`^${name}: not an integer from 1 to`));
  });
});
