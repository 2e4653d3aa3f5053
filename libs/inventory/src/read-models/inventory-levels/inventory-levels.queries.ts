import { sql, type Kysely } from 'kysely';
import { readModelSchema } from '@shipledger/projections';
import type { InventoryCause } from '../../domain';
import type { InventoryLevelsTables } from '../../storage/inventory-database';
import { INVENTORY_LEVELS_PROJECTOR } from './inventory-levels.projector';

export interface LevelRow {
  location_id: string;
  sku: string;
  on_hand: number;
  reserved: number;
  available: number;
  updated_at: string;
}

export interface LedgerRow {
  location_id: string;
  sku: string;
  revision: number;
  type: string;
  on_hand_delta: number;
  reserved_delta: number;
  on_hand: number;
  reserved: number;
  cause: InventoryCause;
  actor: string;
  at: string;
}

/** An order that holds units of the SKU at a location: the sum of its reservation movements there. */
export interface HolderRow {
  location_id: string;
  order_id: string;
  reserved: number;
}

const iso = (value: unknown) => new Date(value as string).toISOString();
const scoped = (db: Kysely<InventoryLevelsTables>): Kysely<InventoryLevelsTables> => db.withSchema(readModelSchema(INVENTORY_LEVELS_PROJECTOR));

export async function listLevels(db: Kysely<InventoryLevelsTables>, tenantId: string, query: { locationId?: string; sku?: string; page: number; pageSize: number }): Promise<{ rows: LevelRow[]; total: number }> {
  let select = scoped(db).selectFrom('levels').where('tenant_id', '=', tenantId);
  if (query.locationId !== undefined) select = select.where('location_id', '=', query.locationId);
  if (query.sku !== undefined) select = select.where('sku', '=', query.sku);
  const [rows, count] = await Promise.all([
    select.select(['location_id', 'sku', 'on_hand', 'reserved', 'updated_at']).orderBy('sku').orderBy('location_id')
      .limit(query.pageSize).offset(query.page * query.pageSize).execute(),
    select.select(sql<string>`count(*)`.as('total')).executeTakeFirst(),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, available: row.on_hand - row.reserved, updated_at: iso(row.updated_at) })),
    total: Number(count?.total ?? 0),
  };
}

export async function skuLedger(db: Kysely<InventoryLevelsTables>, tenantId: string, sku: string, query: { locationId?: string; limit: number }): Promise<{ movements: LedgerRow[]; holders: HolderRow[]; levels: LevelRow[] }> {
  let movements = scoped(db).selectFrom('ledger').where('tenant_id', '=', tenantId).where('sku', '=', sku);
  let holders = scoped(db).selectFrom('ledger').where('tenant_id', '=', tenantId).where('sku', '=', sku).where('order_id', 'is not', null);
  if (query.locationId !== undefined) {
    movements = movements.where('location_id', '=', query.locationId);
    holders = holders.where('location_id', '=', query.locationId);
  }
  const [rows, held, levels] = await Promise.all([
    movements.selectAll().orderBy('position', 'desc').limit(query.limit).execute(),
    holders.select(['location_id', 'order_id', sql<string>`sum(reserved_delta)`.as('reserved')])
      .groupBy(['location_id', 'order_id']).having(sql`sum(reserved_delta)`, '>', 0).orderBy('location_id').orderBy('order_id').execute(),
    listLevels(db, tenantId, { sku, locationId: query.locationId, page: 0, pageSize: 1000 }),
  ]);
  return {
    movements: rows.map((row) => ({
      location_id: row.location_id, sku: row.sku, revision: row.revision, type: row.type,
      on_hand_delta: row.on_hand_delta, reserved_delta: row.reserved_delta, on_hand: row.on_hand, reserved: row.reserved,
      cause: typeof row.cause === 'string' ? JSON.parse(row.cause) : row.cause, actor: row.actor, at: iso(row.at),
    })),
    holders: held.map((row) => ({ location_id: row.location_id, order_id: row.order_id!, reserved: Number(row.reserved) })),
    levels: levels.rows,
  };
}

/** Every level of the tenant (the invariant check). */
export async function allLevels(db: Kysely<InventoryLevelsTables>, tenantId?: string): Promise<(LevelRow & { tenant_id: string })[]> {
  let select = scoped(db).selectFrom('levels').select(['tenant_id', 'location_id', 'sku', 'on_hand', 'reserved', 'updated_at']);
  if (tenantId !== undefined) select = select.where('tenant_id', '=', tenantId);
  const rows = await select.execute();
  return rows.map((row) => ({ ...row, available: row.on_hand - row.reserved, updated_at: iso(row.updated_at) }));
}
