import { randomUUID } from 'node:crypto';
import { Command } from 'commander';
import { createEventStore } from '@shipledger/event-store';
import { TenantRepository, verifySecret } from '@shipledger/platform';
import { createPgliteDatabase, type PgliteTestDatabase } from '@shipledger/testing';
import type { CliContext } from '../../apps/cli/src/cli-context';
import { tenantsCommands } from '../../apps/cli/src/commands/tenants.commands';

describe('cli: tenants, merchants, keys and clients', () => {
  let db: PgliteTestDatabase;
  let printed: string[];
  let context: CliContext;

  beforeAll(async () => {
    db = await createPgliteDatabase();
    const eventStore = createEventStore({ database: db.database });
    await eventStore.init();
    context = {
      config: { databaseUrl: undefined, eventStoreUrl: undefined, dataDir: 'memory://', pgliteDir: 'memory://', shutdownDrainMs: 10_000 },
      logger: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined } as any,
      resources: async () => ({ database: db.database, eventStore, describe: () => 'PGlite in memory', close: async () => undefined }),
      print: (line) => printed.push(line),
      close: async () => undefined,
    };
  });
  afterAll(() => db?.drop());

  async function run(...args: string[]): Promise<string[]> {
    printed = [];
    const program = new Command('shipledger').exitOverride();
    tenantsCommands(program, context);
    await program.parseAsync(['node', 'cli', ...args]);
    return printed;
  }
  const value = (lines: string[], label: string) => lines.find((l) => l.startsWith(`${label}: `))!.slice(label.length + 2);

  it('creates a tenant and a client whose printed secrets match the stored hashes', async () => {
    const tenant = `cli-${randomUUID().slice(0, 8)}`;
    const created = await run('tenants:create', tenant, '--merchants', 'S1,S2', '--legacy');
    expect(value(created, 'tenant-id')).toBe(tenant);
    const apiKey = value(created, 'x-api-key');
    const repository = new TenantRepository(db.database);
    expect(await verifySecret(apiKey, (await repository.liveApiKeyHash(tenant))!)).toBe(true);
    expect(await repository.findTenant(tenant)).toMatchObject({ legacyCompatibility: true });

    const client = await run('clients:create', tenant, '--name', 'shop app', '--scopes', 'read:shipments,create:shipments', '--merchants', 'S2');
    const clientId = value(client, 'client_id');
    const stored = await repository.findClient(clientId);
    expect(stored?.client).toMatchObject({ tenantId: tenant, scopes: ['read:shipments', 'create:shipments'], merchants: ['S2'] });
    expect(await verifySecret(value(client, 'client_secret'), stored!.secretHash)).toBe(true);

    const shown = JSON.parse((await run('tenants:show', tenant)).join('\n'));
    expect(shown.merchants.map((m: any) => m.merchant_id)).toEqual(['S1', 'S2']);
    expect(JSON.stringify(shown)).not.toContain(apiKey);

    const rotated = value(await run('tenants:rotate-key', tenant), 'x-api-key');
    expect(await verifySecret(apiKey, (await repository.liveApiKeyHash(tenant))!)).toBe(false);
    expect(await verifySecret(rotated, (await repository.liveApiKeyHash(tenant))!)).toBe(true);

    await run('merchants:add', tenant, 'S3');
    await run('tenants:settings', tenant, '--legacy', 'off', '--rate-limit', '30', '--list-quota', '1000');
    expect(await repository.findTenant(tenant)).toMatchObject({ legacyCompatibility: false, rateLimitPerMinute: 30, shipmentsListMonthlyQuota: 1000 });
    expect((await repository.listMerchants(tenant)).map((m) => m.merchantId)).toEqual(['S1', 'S2', 'S3']);

    expect(await run('clients:revoke', tenant, clientId)).toEqual([`${clientId} revoked`]);
    expect((await repository.findClient(clientId))?.client.revokedAt).toEqual(expect.any(String));
    expect((await run('clients:list', tenant)).join('\n')).toContain('revoked');
  });

  it('refuses unknown scopes and merchants', async () => {
    const tenant = `cli-${randomUUID().slice(0, 8)}`;
    await run('tenants:create', tenant, '--merchants', 'S1');
    await expect(run('clients:create', tenant, '--name', 'x', '--scopes', 'delete:all')).rejects.toThrow('Unknown scope: delete:all');
    await expect(run('clients:create', tenant, '--name', 'x', '--merchants', 'NOPE')).rejects.toThrow('Unknown merchant: NOPE');
  });
});
