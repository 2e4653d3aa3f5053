import { randomUUID } from 'node:crypto';
import type { Database } from '@shipledger/database';
import { freshDatabase } from '../../../../../test/shipping/read-models/read-model-database';
import { ensureListQuotaSchema } from './list-quota.schema';
import { consumeListQuota, defaultMonthlyListQuota, listQuotaUsage, quotaPeriod, setMonthlyListQuota } from './list-quota';

describe.each(['pglite', 'postgres'] as const)('GET /shipments monthly quota on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase(kind);
    await ensureListQuotaSchema(database.kysely);
    await ensureListQuotaSchema(database.kysely);
  });
  afterAll(async () => database?.close());

  const now = new Date('2026-11-21T12:00:00.000Z');

  it('allows exactly the limit under concurrent requests, then refuses with the reset time', async () => {
    const tenant = `t-${randomUUID()}`;
    await setMonthlyListQuota(database.kysely, tenant, 5);
    const decisions = await Promise.all(
      Array.from({ length: 20 }, () => consumeListQuota(database.kysely, tenant, 1000, now)),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(5);
    expect(decisions.filter((d) => !d.allowed)).toHaveLength(15);
    expect(decisions.find((d) => !d.allowed)).toEqual({ allowed: false, limit: 5, resetsAt: '2026-12-01T00:00:00.000Z' });
    expect(await listQuotaUsage(database.kysely, tenant, now)).toBe(5);
  });

  it('counts each tenant and month apart, and uses the fallback limit without a tenant setting', async () => {
    const tenant = `t-${randomUUID()}`;
    expect(await consumeListQuota(database.kysely, tenant, 1, now)).toMatchObject({ allowed: true, used: 1, limit: 1 });
    expect(await consumeListQuota(database.kysely, tenant, 1, now)).toMatchObject({ allowed: false });
    const nextMonth = new Date('2026-12-01T00:00:00.000Z');
    expect(await consumeListQuota(database.kysely, tenant, 1, nextMonth)).toMatchObject({ allowed: true, used: 1 });
    expect(await consumeListQuota(database.kysely, `t-${randomUUID()}`, 1, now)).toMatchObject({ allowed: true });
  });

  it('raises and clears a tenant limit', async () => {
    const tenant = `t-${randomUUID()}`;
    await setMonthlyListQuota(database.kysely, tenant, 0);
    expect(await consumeListQuota(database.kysely, tenant, 10, now)).toMatchObject({ allowed: false, limit: 0 });
    await setMonthlyListQuota(database.kysely, tenant, 2);
    expect(await consumeListQuota(database.kysely, tenant, 10, now)).toMatchObject({ allowed: true, limit: 2 });
    await setMonthlyListQuota(database.kysely, tenant, null);
    expect(await consumeListQuota(database.kysely, tenant, 10, now)).toMatchObject({ allowed: true, limit: 10 });
  });
});

describe('quota configuration', () => {
  it('reads the default from SHIPMENT_LIST_MONTHLY_QUOTA and ignores nonsense', () => {
    expect(defaultMonthlyListQuota({ SHIPMENT_LIST_MONTHLY_QUOTA: '250' })).toBe(250);
    expect(defaultMonthlyListQuota({ SHIPMENT_LIST_MONTHLY_QUOTA: 'lots' })).toBe(1_000_000);
    expect(defaultMonthlyListQuota({})).toBe(1_000_000);
  });

  it('resets at the start of the next UTC month, December included', () => {
    expect(quotaPeriod(new Date('2026-12-31T23:59:59.999Z'))).toEqual({ month: '2026-12', resetsAt: '2027-01-01T00:00:00.000Z' });
  });
});
