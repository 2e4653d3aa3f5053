import { sql } from 'kysely';
import type { Database } from '@shipledger/database';
import { ApiError } from '../http/api-error';
import type { TenantDirectory } from './tenant-directory';

/** Monthly (UTC calendar month) call quotas per tenant, such as the GET /shipments usage quota. */
export class UsageQuotas {
  constructor(private readonly database: Database, private readonly directory: TenantDirectory) {}

  async consume(tenantId: string, meter: 'shipments_list', now: Date = new Date()): Promise<void> {
    const tenant = await this.directory.tenant(tenantId);
    const quota = tenant?.shipmentsListMonthlyQuota ?? null;
    if (quota === null) return;
    const period = now.toISOString().slice(0, 7);
    // Invariant: `used` never exceeds the quota. The conditional DO UPDATE runs under the row lock the
    // conflict takes, so concurrent calls increment one after another and each sees the previous count;
    // a call that finds the quota spent updates nothing and gets no row back.
    const row = quota <= 0 ? undefined : await sql<{ used: number }>`
      insert into platform.usage_counters (tenant_id, meter, period, used) values (${tenantId}, ${meter}, ${period}, 1)
      on conflict (tenant_id, meter, period) do update set used = platform.usage_counters.used + 1
      where platform.usage_counters.used < ${quota}
      returning used`.execute(this.database.kysely).then((r) => r.rows[0]);
    if (!row) {
      const resetsAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
      throw new ApiError(429, [`Monthly usage quota of ${quota} calls exceeded for this account; it resets at ${resetsAt}`], 'quota_exceeded', [], { 'Retry-After': String(secondsToNextMonth(now)) });
    }
  }
}

function secondsToNextMonth(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return Math.ceil((next - now.getTime()) / 1000);
}
