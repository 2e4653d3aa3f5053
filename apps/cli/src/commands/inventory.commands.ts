import { readFileSync } from 'node:fs';
import { Presets, SingleBar } from 'cli-progress';
import { parse } from 'csv-parse/sync';
import { ANY_MERCHANT, ConfigurationLookups } from '@shipledger/configuration';
import { checkInventoryInvariant, InventoryLedger, type LevelChange } from '@shipledger/inventory';
import type { CliContext, CommandGroup } from '../cli-context';
import { formatTable } from '../format-table';

/** Lines per set: the API's own bound, each batch all or nothing. */
const BATCH = 1000;

export const inventoryCommands: CommandGroup = (program, context) => {
  program
    .command('inventory:import')
    .argument('<file>', 'CSV with a header row: location_id (partner location id or code), sku, on_hand')
    .requiredOption('--tenant <tenantId>', 'the tenant the stock belongs to')
    .description('set on_hand of many SKUs from a CSV file (a stock count), with a progress bar; bad rows are reported, the others go on')
    .action(async (file: string, options: { tenant: string }) => importCsv(context, file, options.tenant));

  program
    .command('inventory:check')
    .option('--tenant <tenantId>', 'only this tenant')
    .description('recompute every level from the ledger and from the orders\' FOs; print each difference (exit 1 when any)')
    .action(async (options: { tenant?: string }) => check(context, options.tenant));
};

interface Row {
  line: number;
  location: string;
  sku: string;
  on_hand: number;
}

function rowsOf(file: string, failures: string[]): Row[] {
  const records = parse(readFileSync(file), { columns: true, skip_empty_lines: true, trim: true, bom: true }) as Record<string, string>[];
  const rows: Row[] = [];
  records.forEach((record, index) => {
    const line = index + 2;
    const onHand = Number(record.on_hand);
    if (!record.location_id || !record.sku) failures.push(`row ${line}: location_id and sku must not be blank`);
    else if (record.sku.length > 250) failures.push(`row ${line}: sku longer than 250 characters`);
    else if (!/^\d+$/.test(record.on_hand ?? '') || onHand > 1_000_000_000) failures.push(`row ${line}: on_hand must be an integer from 0 to 1000000000`);
    else rows.push({ line, location: record.location_id, sku: record.sku, on_hand: onHand });
  });
  return rows;
}

async function importCsv(context: CliContext, file: string, tenant: string): Promise<void> {
  const { database, eventStore } = await context.resources();
  const lookups = new ConfigurationLookups(database, eventStore);
  const ledger = new InventoryLedger(eventStore);
  const failures: string[] = [];
  const rows = rowsOf(file, failures);
  const bar = new SingleBar({ format: 'import [{bar}] {percentage}% | {value}/{total} rows | {failed} failed | ETA {eta_formatted}', hideCursor: true }, Presets.shades_classic);
  bar.start(rows.length + failures.length, failures.length, { failed: failures.length });
  const resolved = new Map<string, string | undefined>();
  const at = new Date().toISOString();
  let imported = 0;
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    const changes: LevelChange[] = [];
    for (const row of batch) {
      if (!resolved.has(row.location)) resolved.set(row.location, (await lookups.resolveLocation(tenant, ANY_MERCHANT, row.location))?.location_id);
      const location = resolved.get(row.location);
      if (location === undefined) failures.push(`row ${row.line}: no location found with the partner location id or location code: ${row.location}`);
      else changes.push({ type: 'SetOnHand', tenant_id: tenant, location_id: location, sku: row.sku, on_hand: row.on_hand, cause: { kind: 'manual', operation: 'import', reason: file }, at, actor: 'operator' });
    }
    try {
      await ledger.apply(changes, { requestId: `cli-import-${at}`, correlationId: `cli-import-${at}` });
      imported += changes.length;
    } catch (error) {
      failures.push(`rows ${batch[0]!.line}-${batch[batch.length - 1]!.line}: ${error instanceof Error ? error.message : String(error)}`);
    }
    bar.increment(batch.length, { failed: failures.length });
  }
  bar.stop();
  for (const failure of failures) context.print(failure);
  context.print(`${imported} level(s) set, ${failures.length} problem(s)`);
  if (failures.length > 0) throw new Error(`${failures.length} problem(s) in ${file}`);
}

async function check(context: CliContext, tenant: string | undefined): Promise<void> {
  const { database, eventStore } = await context.resources();
  const report = await checkInventoryInvariant(eventStore, database, tenant);
  context.print(`${report.levels} level(s), ${report.movements} movement(s), ${report.orders} order(s) holding stock checked`);
  const rows = report.differences.map((d) => [d.kind, d.tenant_id, d.location_id, d.sku, d.order_id ?? '', JSON.stringify(d.expected), JSON.stringify(d.actual)]);
  for (const line of formatTable(['difference', 'tenant', 'location', 'sku', 'order', 'expected', 'actual'], rows)) context.print(line);
  if (report.differences.length > 0) throw new Error(`${report.differences.length} difference(s) between the ledger, the levels and the orders`);
  context.print('ledger, levels and orders agree');
}
