import { carriersContextFor, provisionDemoCarrierAccount, toCarrierAccountResponse } from '@shipledger/carriers';
import type { CliContext, CommandGroup } from '../cli-context';
import { formatTable } from '../format-table';

export const carriersCommands: CommandGroup = (program, context) => {
  program
    .command('carriers:accounts')
    .argument('<tenant>', 'tenant id')
    .option('--status <status>', 'active, inactive or deleted (default: active and inactive)')
    .description("a tenant's carrier accounts (properties masked)")
    .action(async (tenant: string, options: { status?: 'active' | 'inactive' | 'deleted' }) => accounts(context, tenant, options.status));

  program
    .command('carriers:provision-sandbox')
    .argument('<tenant>', 'tenant id')
    .description('give a tenant an active SANDBOX carrier account named "Sandbox" (idempotent)')
    .action(async (tenant: string) => provision(context, tenant));

  program
    .command('carriers:sandbox-advance')
    .argument('<tenant>', 'tenant id')
    .argument('<minutes>', 'how far to move the tenant\'s sandbox clock')
    .description('advance a tenant\'s sandbox clock and report every tracking step that became due')
    .action(async (tenant: string, minutes: string) => advance(context, tenant, Number(minutes)));
};

async function carriers(context: CliContext) {
  const { database, eventStore } = await context.resources();
  return carriersContextFor({ database, eventStore });
}

async function accounts(context: CliContext, tenant: string, status?: 'active' | 'inactive' | 'deleted'): Promise<void> {
  const list = await (await carriers(context)).accounts.list(tenant, status);
  const rows = list.map(toCarrierAccountResponse).map((a) => [a.carrier_account_id, a.carrier_account_name, a.carrier, a.status, a.label.default_label, Object.keys(a.property).join(',')]);
  for (const line of formatTable(['id', 'name', 'carrier', 'status', 'default label', 'properties'], rows)) context.print(line);
}

async function provision(context: CliContext, tenant: string): Promise<void> {
  const { database, eventStore } = await context.resources();
  const account = await provisionDemoCarrierAccount({ database, eventStore }, tenant);
  context.print(`${account.carrierAccountId} ${account.carrierAccountName} ${account.carrier} ${account.status}`);
}

async function advance(context: CliContext, tenant: string, minutes: number): Promise<void> {
  if (!Number.isFinite(minutes) || minutes <= 0) throw new Error('minutes must be a positive number');
  const c = await carriers(context);
  await c.sandboxStore.advance(tenant, Math.round(minutes * 60_000));
  const recorded = await c.simulator.tick(tenant);
  context.print(`sandbox time ${(await c.sandboxStore.now(tenant)).toISOString()}; ${recorded} tracking event(s) recorded`);
}
