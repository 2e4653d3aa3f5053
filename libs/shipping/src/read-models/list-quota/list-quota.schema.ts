import { sql, type Kysely } from 'kysely';

export const QUOTA_USAGE_TABLE = 'shipment_list_quota_usage';
export const QUOTA_LIMIT_TABLE = 'shipment_list_quota_limit';

/**
 * The quota's own two tables (not a read model: they hold counters, not projections of events).
 * Idempotent; two processes creating them at once can race on the catalog, so a lost race is retried.
 */
export async function ensureListQuotaSchema(db: Kysely<any>): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await db.schema.createTable(QUOTA_USAGE_TABLE).ifNotExists()
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('month', 'text', (c) => c.notNull())
        .addColumn('used', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint(`${QUOTA_USAGE_TABLE}_pk`, ['tenant_id', 'month'])
        .execute();
      await db.schema.createTable(QUOTA_LIMIT_TABLE).ifNotExists()
        .addColumn('tenant_id', 'text', (c) => c.primaryKey())
        .addColumn('monthly_limit', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      return;
    } catch (error) {
      if (attempt >= 3 || !isCatalogRace(error)) throw error;
    }
  }
}

function isCatalogRace(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === '23505' || code === '42P07';
}
