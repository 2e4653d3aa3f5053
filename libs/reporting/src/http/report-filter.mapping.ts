import { ApiError, type AuthContext } from '@shipledger/platform';
import type { ReportFilter } from '../read-models/report-filter';
import { DEFAULT_RANGE_DAYS, MAX_RANGE_DAYS, type ReportQueryDto } from './report-query.dto';

const DAY_MS = 24 * 3600 * 1000;

/**
 * The filter a report runs with: the caller's tenant, the merchants asked for within its merchant
 * scope (403 for one outside it), and the day range with its defaults — the last 30 days up to today
 * in the time zone. A range that is backwards, longer than a year, or names a day that does not exist
 * is a 400 naming the field.
 */
export function reportFilter(query: ReportQueryDto, auth: AuthContext, now: Date): ReportFilter {
  const timeZone = query.time_zone ?? 'UTC';
  const requested = query.merchant ?? [];
  if (auth.merchants !== '*') {
    const scope = auth.merchants;
    const outside = requested.filter((m) => !scope.includes(m));
    if (outside.length > 0) throw ApiError.forbidden(`Forbidden: merchant ${outside.join(', ')} is outside this client's merchant scopes`);
  }
  const merchants = requested.length > 0 ? requested : auth.merchants;
  const bad = (['from', 'to'] as const)
    .filter((field) => query[field] !== undefined && !isRealDay(query[field]!))
    .map((field) => ({ field, message: `${field} is not a calendar day` }));
  if (bad.length > 0) throw ApiError.badRequest('Invalid report filter', bad, 'validation_failed');
  const to = query.to ?? (query.from ? addDays(query.from, DEFAULT_RANGE_DAYS - 1) : dayIn(now, timeZone));
  const from = query.from ?? addDays(to, -(DEFAULT_RANGE_DAYS - 1));
  if (bad.length === 0 && to < from) bad.push({ field: 'to', message: 'to must not be before from' });
  if (bad.length === 0 && (Date.parse(to) - Date.parse(from)) / DAY_MS + 1 > MAX_RANGE_DAYS) {
    bad.push({ field: 'to', message: `the range must be at most ${MAX_RANGE_DAYS} days` });
  }
  if (bad.length > 0) throw ApiError.badRequest('Invalid report filter', bad, 'validation_failed');
  return { tenantId: auth.tenantId, merchants, carrierAccounts: query.carrier_account ?? [], from, to, timeZone };
}

/** The calendar day of an instant in a time zone, as YYYY-MM-DD. */
export function dayIn(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function isRealDay(day: string): boolean {
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
}
