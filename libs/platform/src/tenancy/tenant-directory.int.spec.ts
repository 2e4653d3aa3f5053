import { randomUUID } from 'node:crypto';
import { createPgliteDatabase, createTestDatabase } from '@shipledger/testing';
import type { Database } from '@shipledger/database';
import { migratePlatform } from './migrate-platform';
import { TenantDirectory } from './tenant-directory';
import { TenantRepository } from './tenant.repository';

/**
 * Every request asks the directory for its tenant, client and API key. When a cached entry ages out
 * under load, the requests in flight must not each read the table and run scrypt again (16 at once held
 * every request for ~0.4 s every 30 s), and a change made by another process is still seen in time.
 */
describe.each(['pglite', 'postgres'] as const)('tenant directory caches on %s', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  let repository: TenantRepository;
  beforeAll(async () => {
    const fresh = kind === 'pglite' ? await createPgliteDatabase() : await createTestDatabase();
    database = fresh.database;
    drop = fresh.drop;
    await migratePlatform(database);
    repository = new TenantRepository(database);
  });
  afterAll(() => drop?.());

  async function givenATenant() {
    const { tenant, apiKey } = await repository.createTenant({ tenantId: `d${randomUUID().slice(0, 8)}`, name: 'directory' });
    let clock = 1_000_000;
    const keyReads = jest.spyOn(repository, 'liveApiKey');
    const tenantReads = jest.spyOn(repository, 'findTenant');
    keyReads.mockClear();
    tenantReads.mockClear();
    const directory = new TenantDirectory(repository, () => clock);
    const sixteen = <T>(call: () => Promise<T>) => Promise.all(Array.from({ length: 16 }, call));
    return { tenantId: tenant.tenantId, apiKey, directory, keyReads, tenantReads, sixteen, advance: (ms: number) => { clock += ms; } };
  }

  it('given sixteen requests at once, when the key and tenant are not cached or have aged out, then each is read once', async () => {
    const { tenantId, apiKey, directory, keyReads, tenantReads, sixteen, advance } = await givenATenant();
    expect(await sixteen(() => directory.isValidApiKey(tenantId, apiKey))).toEqual(Array(16).fill(true));
    expect((await sixteen(() => directory.tenant(tenantId))).every((tenant) => tenant?.tenantId === tenantId)).toBe(true);
    expect([keyReads.mock.calls.length, tenantReads.mock.calls.length]).toEqual([1, 1]);

    advance(30_000);
    expect(await sixteen(() => directory.isValidApiKey(tenantId, apiKey))).toEqual(Array(16).fill(true));
    expect((await sixteen(() => directory.tenant(tenantId))).every((tenant) => tenant?.tenantId === tenantId)).toBe(true);
    expect([keyReads.mock.calls.length, tenantReads.mock.calls.length]).toEqual([2, 2]);
  });

  it('given a key near its expiry, when requests check it, then they are answered at once and one check runs behind them', async () => {
    const { tenantId, apiKey, directory, keyReads, sixteen, advance } = await givenATenant();
    await directory.isValidApiKey(tenantId, apiKey);
    advance(25_000);
    expect(await sixteen(() => directory.isValidApiKey(tenantId, apiKey))).toEqual(Array(16).fill(true));
    expect(keyReads).toHaveBeenCalledTimes(2);
    advance(10_000);
    // Past the first check's 30 s, the check started at 25 s answers: no third read.
    expect(await directory.isValidApiKey(tenantId, apiKey)).toBe(true);
    expect(keyReads).toHaveBeenCalledTimes(2);
  });

  it('given a key rotated by another process, when its cached check ages out, then the old key is refused and the new one accepted', async () => {
    const { tenantId, apiKey, directory, advance } = await givenATenant();
    expect(await directory.isValidApiKey(tenantId, apiKey)).toBe(true);
    const rotated = await repository.rotateApiKey(tenantId);
    expect(await directory.isValidApiKey(tenantId, apiKey)).toBe(true);
    advance(30_000);
    expect(await directory.isValidApiKey(tenantId, apiKey)).toBe(false);
    expect(await directory.isValidApiKey(tenantId, rotated)).toBe(true);
    // A refused key is not remembered as refused: it is checked again (and refused again) at each use.
    expect(await directory.isValidApiKey(tenantId, apiKey)).toBe(false);
  });
});
