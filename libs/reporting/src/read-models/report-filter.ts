import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { ReportingTables } from '../storage/reporting-database';
import { readModelSchema } from '@shipledger/projections';

/**
 * What every report is filtered by: the tenant, the merchants the caller may and wants to see ('*':
 * all), carrier accounts (none: all), and a range of calendar days (inclusive) read in a time zone.
 */
export interface ReportFilter {
  tenantId: string;
  merchants: readonly string[] | '*';
  carrierAccounts: readonly string[];
  /** YYYY-MM-DD, inclusive, in `timeZone`. */
  from: string;
  to: string;
  /** IANA name, e.g. 'Europe/Berlin' or 'UTC'. */
  timeZone: string;
}

export function viewDb(db: Kysely<ReportingTables>, view: string): Kysely<ReportingTables> {
  return db.withSchema(readModelSchema(view));
}

/** The instant `column` falls within the filter's days, each day read in the filter's time zone. */
export function withinDays(column: string, filter: ReportFilter): RawBuilder<boolean> {
  const { from, to, timeZone } = filter;
  return sql<boolean>`${sql.ref(column)} >= (${from}::date::timestamp at time zone ${timeZone})
    and ${sql.ref(column)} < ((${to}::date + 1)::timestamp at time zone ${timeZone})`;
}

/** The calendar day (YYYY-MM-DD) of `column` in the filter's time zone. */
export function dayOf(column: string, filter: ReportFilter): RawBuilder<string> {
  return sql<string>`to_char(${sql.ref(column)} at time zone ${filter.timeZone}, 'YYYY-MM-DD')`;
}

/** Tenant, merchants and carrier accounts; the date range is the caller's, on its own column. */
export function scopedTo<DB, TB extends keyof DB, O>(
  select: SelectQueryBuilder<DB, TB, O>, filter: ReportFilter, accountColumn = 'carrier_account_id',
): SelectQueryBuilder<DB, TB, O> {
  let scoped = select.where(sql.ref('tenant_id'), '=', filter.tenantId);
  if (filter.merchants !== '*') scoped = scoped.where(sql.ref('merchant'), 'in', [...filter.merchants]);
  if (filter.carrierAccounts.length > 0) scoped = scoped.where(sql.ref(accountColumn), 'in', [...filter.carrierAccounts]);
  return scoped;
}
