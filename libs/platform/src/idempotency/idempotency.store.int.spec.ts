import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { createPgliteDatabase, createTestDatabase } from '@shipledger/testing';
import type { Database } from '@shipledger/database';
import { migratePlatform } from '../tenancy/migrate-platform';
import { TenantDirectory } from '../tenancy/tenant-directory';
import { TenantRepository } from '../tenancy/tenant.repository';
import { UsageQuotas } from '../tenancy/usage-quotas';
import { IdempotencyStore } from './idempotency.store';

describe.each(['pglite', 'postgres'] as const)('idempotency keys and usage quotas on %s', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const fresh = kind === 'pglite' ? await createPgliteDatabase() : await createTestDatabase();
    database = fresh.database;
    drop = fresh.drop;
    await migratePlatform(database);
    await migratePlatform(database); // idempotent
  });
  afterAll(() => drop?.());

  it('lets exactly one of many concurrent claims of a key win', async () => {
    const store = new IdempotencyStore(database);
    const key = randomUUID();
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => store.begin('T1', key, 'POST', '/shipments', 'h1')));
    expect(outcomes.filter((o) => o.kind === 'new')).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind === 'in_progress')).toHaveLength(7);
  });

  it('replays a completed key, refuses a different request, and frees a released one', async () => {
    const store = new IdempotencyStore(database);
    const key = randomUUID();
    expect(await store.begin('T1', key, 'POST', '/x', 'h1')).toEqual({ kind: 'new' });
    await store.complete('T1', key, 201, { 'content-type': 'application/json' }, '{"id":1}');
    expect(await store.begin('T1', key, 'POST', '/x', 'h1')).toEqual({ kind: 'replay', status: 201, headers: { 'content-type': 'application/json' }, body: '{"id":1}' });
    expect(await store.begin('T1', key, 'POST', '/x', 'h2')).toEqual({ kind: 'mismatch' });
    expect(await store.begin('T2', key, 'POST', '/x', 'h2')).toEqual({ kind: 'new' });
    await store.release('T2', key);
    expect(await store.begin('T2', key, 'POST', '/x', 'h3')).toEqual({ kind: 'new' });
  });

  it('keeps a completed key for 24 hours, and lets a retry take over a claim abandoned for 2 minutes', async () => {
    const store = new IdempotencyStore(database);
    const age = (key: string, interval: string) => sql`update platform.idempotency_keys set created_at = now() - ${interval}::interval where idempotency_key = ${key}`.execute(database.kysely);
    const kept = randomUUID();
    await store.begin('T1', kept, 'POST', '/x', 'h1');
    await store.complete('T1', kept, 200, {}, '{}');
    await age(kept, '23 hours');
    expect(await store.begin('T1', kept, 'POST', '/x', 'h2')).toEqual({ kind: 'mismatch' });
    await age(kept, '25 hours');
    expect(await store.begin('T1', kept, 'POST', '/x', 'h2')).toEqual({ kind: 'new' });

    const abandoned = randomUUID();
    await store.begin('T1', abandoned, 'POST', '/x', 'h1');
    expect(await store.begin('T1', abandoned, 'POST', '/x', 'h1')).toEqual({ kind: 'in_progress' });
    await age(abandoned, '3 minutes');
    expect(await store.begin('T1', abandoned, 'POST', '/x', 'h2')).toEqual({ kind: 'mismatch' });
    const retries = await Promise.all([1, 2, 3].map(() => store.begin('T1', abandoned, 'POST', '/x', 'h1')));
    expect(retries.filter((r) => r.kind === 'new')).toHaveLength(1);
  });

  it('never lets concurrent calls exceed a monthly quota', async () => {
    const repository = new TenantRepository(database);
    const tenantId = `q${randomUUID().slice(0, 8)}`;
    await repository.createTenant({ tenantId, name: 'quota', settings: { shipmentsListMonthlyQuota: 5 } });
    const quotas = new UsageQuotas(database, new TenantDirectory(repository));
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => quotas.consume(tenantId, 'shipments_list', new Date('2026-11-05T00:00:00Z'))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 429, headers: { 'Retry-After': String(26 * 86400) } });
    await expect(quotas.consume(tenantId, 'shipments_list', new Date('2026-12-01T00:00:00Z'))).resolves.toBeUndefined();
  });
});
