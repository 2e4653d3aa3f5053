import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Presets, SingleBar } from 'cli-progress';
import { parse } from 'csv-parse/sync';
import { ConfigurationCommandRejected, LocationAdmin } from '@shipledger/configuration';
import { ApiError } from '@shipledger/platform';
import type { CliContext, CommandGroup } from '../cli-context';
import { formatTable } from '../format-table';

/** Request fields a CSV column or an option may set; `merchants` is `;`-separated in a CSV cell. */
const LOCATION_FIELDS = [
  'location_name', 'location_code', 'contact_name', 'contact_phone', 'alternate_phone', 'contact_email', 'address1', 'address2',
  'city', 'state', 'postcode', 'country', 'coords', 'three_words_address', 'type', 'storefront_location_id', 'merchants',
] as const;

export const locationsCommands: CommandGroup = (program, context) => {
  program
    .command('locations:list')
    .argument('<tenant>', 'tenant id')
    .description("a tenant's locations (not deleted), oldest first")
    .action(async (tenant: string) => list(context, tenant));

  const create = program
    .command('locations:create')
    .argument('<tenant>', 'tenant id')
    .description('create one location (the same rules as POST /locations)');
  for (const field of LOCATION_FIELDS) create.option(`--${field.replace(/_/g, '-')} <value>`, field === 'merchants' ? 'comma-separated merchant ids' : field);
  create.action(async (tenant: string, options: Record<string, string>) => createOne(context, tenant, options));

  program
    .command('locations:import')
    .argument('<tenant>', 'tenant id')
    .argument('<file>', 'CSV with a header row naming location fields (merchants: ";"-separated)')
    .description('create many locations from a CSV file; a bad row is reported and the others go on')
    .action(async (tenant: string, file: string) => importCsv(context, tenant, file));
};

async function admin(context: CliContext): Promise<LocationAdmin> {
  return new LocationAdmin(await context.resources());
}

async function list(context: CliContext, tenant: string): Promise<void> {
  const locations = await (await admin(context)).list(tenant);
  const rows = locations.map((l) => [l.location_id, l.location_code, l.location_name, l.city, l.country, (l.merchants as string[]).join(',')].map((v) => String(v ?? '')));
  for (const line of formatTable(['id', 'code', 'name', 'city', 'country', 'merchants'], rows)) context.print(line);
}

async function createOne(context: CliContext, tenant: string, options: Record<string, string>): Promise<void> {
  const body: Record<string, unknown> = {};
  for (const field of LOCATION_FIELDS) {
    const value = options[camel(field)];
    if (value !== undefined) body[field] = field === 'merchants' ? value.split(',').map((m) => m.trim()).filter(Boolean) : value;
  }
  try {
    const created = await (await admin(context)).create(tenant, body, randomUUID());
    context.print(`${created.location_id} ${String(created.location_code ?? '')} ${String(created.location_name)}`);
  } catch (error) {
    throw new Error(problemOf(error));
  }
}

async function importCsv(context: CliContext, tenant: string, file: string): Promise<void> {
  const records = parse(readFileSync(file), { columns: true, skip_empty_lines: true, trim: true, bom: true }) as Record<string, string>[];
  const locations = await admin(context);
  const bar = new SingleBar({ format: 'import [{bar}] {percentage}% | {value}/{total} rows | {failed} failed | ETA {eta_formatted}', hideCursor: true }, Presets.shades_classic);
  const failures: string[] = [];
  bar.start(records.length, 0, { failed: 0 });
  for (const [index, record] of records.entries()) {
    try {
      await locations.create(tenant, csvBody(record), randomUUID());
    } catch (error) {
      failures.push(`row ${index + 2}: ${problemOf(error)}`);
    }
    bar.increment(1, { failed: failures.length });
  }
  bar.stop();
  for (const failure of failures) context.print(failure);
  context.print(`${records.length - failures.length} location(s) created, ${failures.length} row(s) refused`);
  if (failures.length > 0) throw new Error(`${failures.length} row(s) of ${file} refused`);
}

/** Empty cells are absent fields; unknown columns reach the validation (which names them). */
function csvBody(record: Record<string, string>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(record)) {
    if (value === '') continue;
    body[column] = column === 'merchants' ? value.split(';').map((m) => m.trim()).filter(Boolean) : value;
  }
  return body;
}

function problemOf(error: unknown): string {
  if (error instanceof ApiError) return error.messages.join('; ');
  if (error instanceof ConfigurationCommandRejected) return error.message;
  throw error;
}

const camel = (field: string): string => field.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
