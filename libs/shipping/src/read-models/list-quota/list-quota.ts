import { sql, type Kysely } from 'kysely';
import { QUOTA_LIMIT_TABLE, QUOTA_USAGE_TABLE } from './list-quota.schema';

/** Requests per tenant and calendar month (UTC) on GET /shipments, unless the tenant has its own limit. */
export const DEFAULT_MONTHLY_LIST_QUOTA = 1_000_000;

export function defaultMonthlyListQuota(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.SHIPMENT_LIST_MONTHLY_QUOTA);
  return Number.isInteger(value) && value >= 0 && env.SHIPMENT_LIST_MONTHLY_QUOTA !== ''
    ? value
    : DEFAULT_MONTHLY_LIST_QUOTA;
}

export type QuotaDecision =
  | { allowed: true; used: number; limit: number; resetsAt: string }
  | { allowed: false; limit: number; resetsAt: string };

/** 'YYYY-MM' of the instant, in UTC, and the start of the next month. */
export function quotaPeriod(now: Date): { month: string; resetsAt: string } {
  const month = now.toISOString().slice(0, 7);
  const resetsAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
  return { month, resetsAt };
}

export async function monthlyListQuota(db: Kysely<any>, tenantId: string, fallback: number): Promise<number> {
  const row = await db.selectFrom(QUOTA_LIMIT_TABLE).select('monthly_limit')
    .where('tenant_id', '=', tenantId).executeTakeFirst();
  return row ? Number(row.monthly_limit) : fallback;
}

/**
 * Counts one GET /shipments for the tenant, or refuses it when the month's quota is used up.
 *
 * Invariant: `used` never exceeds the limit and every allowed request is counted exactly once, even under
 * concurrent requests on many API instances. It holds because the check and the increment are one
 * statement: INSERT … ON CONFLICT DO UPDATE takes the row lock of (tenant, month), so concurrent
 * increments queue behind each other and each one re-evaluates `used < limit` on the latest row
 * version; when the WHERE fails no row is returned and nothing is written.
 */
export async function consumeListQuota(
  db: Kysely<any>, tenantId: string, fallbackLimit: number, now: Date,
): Promise<QuotaDecision> {
  const { month, resetsAt } = quotaPeriod(now);
  const limit = await monthlyListQuota(db, tenantId, fallbackLimit);
  if (limit <= 0) return { allowed: false, limit, resetsAt };
  const result = await sql<{ used: number }>`
    insert into ${sql.table(QUOTA_USAGE_TABLE)} as u (tenant_id, month, used)
    values (${tenantId}, ${month}, 1)
    on conflict (tenant_id, month) do update set used = u.used + 1
    where u.used < ${limit}
    returning u.used`.execute(db);
  const row = result.rows[0];
  return row ? { allowed: true, used: Number(row.used), limit, resetsAt } : { allowed: false, limit, resetsAt };
}

/** Sets (or with null clears) a tenant's own monthly limit. */
export async function setMonthlyListQuota(db: Kysely<any>, tenantId: string, limit: number | null): Promise<void> {
  if (limit === null) {
    await db.deleteFrom(QUOTA_LIMIT_TABLE).where('tenant_id', '=', tenantId).execute();
    return;
  }
  await db.insertInto(QUOTA_LIMIT_TABLE).values({ tenant_id: tenantId, monthly_limit: limit })
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ monthly_limit: limit, updated_at: sql`now()` }))
    .execute();
}

export async function listQuotaUsage(db: Kysely<any>, tenantId: string, now: Date): Promise<number> {
  const row = await db.selectFrom(QUOTA_USAGE_TABLE).select('used')
    .where('tenant_id', '=', tenantId).where('month', '=', quotaPeriod(now).month).executeTakeFirst();
  return row ? Number(row.used) : 0;
}
