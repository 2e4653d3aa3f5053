import { API_SCOPES, migratePlatform, TenantAdmin, TenantRepository } from '@shipledger/platform';
import type { CliContext, CommandGroup } from '../cli-context';
import { formatTable } from '../format-table';

const list = (value: string) => value.split(',').map((v) => v.trim()).filter(Boolean);

/**
 * The tenant administrator's dashboard on the command line (the same operations as /admin/tenants).
 * Secrets (API key, client secret) are printed once, when created; only their hashes are stored.
 */
export const tenantsCommands: CommandGroup = (program, context) => {
  program.command('tenants:create').argument('<tenant>', 'tenant id')
    .option('--name <name>', 'display name').option('--merchants <ids>', 'comma-separated merchant ids', list, [])
    .option('--legacy', 'serve the endpoints removed on 30 June 2022 as aliases')
    .description('create a tenant with its merchants; prints its API key once')
    .action(async (tenant: string, o: { name?: string; merchants: string[]; legacy?: boolean }) => {
      const created = await (await admin(context)).createTenant({
        tenantId: tenant, name: o.name ?? tenant,
        merchants: o.merchants.map((m) => ({ merchantId: m, name: m })),
        settings: { legacyCompatibility: o.legacy ?? false },
      });
      context.print(`tenant-id: ${created.tenant_id}`);
      context.print(`x-api-key: ${created.api_key}`);
    });

  program.command('tenants:list').description('every tenant and its settings').action(async () => {
    const rows = (await (await admin(context)).listTenants()).map((t) => [t.tenant_id, t.name, String(t.legacy_compatibility), String(t.rate_limit_per_minute ?? '-'), String(t.shipments_list_monthly_quota ?? '-')]);
    for (const line of formatTable(['tenant', 'name', 'legacy', 'rate/min', 'list quota'], rows)) context.print(line);
  });

  program.command('tenants:show').argument('<tenant>').description('a tenant, its merchants and clients (no secrets)')
    .action(async (tenant: string) => context.print(JSON.stringify(await (await admin(context)).describeTenant(tenant), null, 2)));

  program.command('tenants:settings').argument('<tenant>')
    .option('--legacy <on|off>', 'legacy compatibility').option('--rate-limit <perMinute>', 'requests per minute, or "default"')
    .option('--list-quota <calls>', 'GET /shipments calls per month, or "none"')
    .description("change a tenant's settings")
    .action(async (tenant: string, o: { legacy?: string; rateLimit?: string; listQuota?: string }) => {
      const updated = await (await admin(context)).updateSettings(tenant, {
        legacyCompatibility: o.legacy === undefined ? undefined : onOff(o.legacy),
        rateLimitPerMinute: o.rateLimit === undefined ? undefined : o.rateLimit === 'default' ? null : positive(o.rateLimit),
        shipmentsListMonthlyQuota: o.listQuota === undefined ? undefined : o.listQuota === 'none' ? null : positive(o.listQuota, 0),
      });
      context.print(JSON.stringify(updated));
    });

  program.command('tenants:rotate-key').argument('<tenant>').description('replace the API key (the old one stops working); prints the new one once')
    .action(async (tenant: string) => context.print(`x-api-key: ${(await (await admin(context)).rotateApiKey(tenant)).api_key}`));

  program.command('merchants:add').argument('<tenant>').argument('<merchant>').option('--name <name>')
    .description('add a merchant to a tenant')
    .action(async (tenant: string, merchant: string, o: { name?: string }) => {
      const added = await (await admin(context)).addMerchant(tenant, { merchantId: merchant, name: o.name ?? merchant });
      context.print(`${added.merchant_id} ${added.name}`);
    });

  program.command('clients:create').argument('<tenant>').requiredOption('--name <name>')
    .option('--scopes <scopes>', `comma-separated, from ${API_SCOPES.join(',')} (default: all)`, list)
    .option('--merchants <ids>', 'limit the client to these merchants (default: all)', list, [])
    .description('create a client application; prints client_id and client_secret once')
    .action(async (tenant: string, o: { name: string; scopes?: string[]; merchants: string[] }) => {
      const client = await (await admin(context)).createClient(tenant, { name: o.name, scopes: o.scopes ?? [...API_SCOPES], merchants: o.merchants });
      context.print(`client_id: ${client.client_id}`);
      context.print(`client_secret: ${client.client_secret}`);
    });

  program.command('clients:list').argument('<tenant>').description("a tenant's client applications")
    .action(async (tenant: string) => {
      const rows = (await (await admin(context)).listClients(tenant)).map((c) => [c.client_id, c.name, c.scopes.join(' '), c.merchants.join(',') || '*', c.revoked ? 'revoked' : 'active']);
      for (const line of formatTable(['client', 'name', 'scopes', 'merchants', 'status'], rows)) context.print(line);
    });

  program.command('clients:revoke').argument('<tenant>').argument('<client>').description('revoke a client application; its tokens stop working')
    .action(async (tenant: string, client: string) => {
      const revoked = await (await admin(context)).revokeClient(tenant, client);
      context.print(`${revoked.client_id} revoked`);
    });
};

async function admin(context: CliContext): Promise<TenantAdmin> {
  const { database } = await context.resources();
  await migratePlatform(database);
  return new TenantAdmin(new TenantRepository(database));
}

function onOff(value: string): boolean {
  if (value === 'on' || value === 'true') return true;
  if (value === 'off' || value === 'false') return false;
  throw new Error(`expected on or off, got ${value}`);
}

function positive(value: string, min = 1): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`expected an integer ≥ ${min}, got ${value}`);
  return n;
}
