import type { ReportFilter } from './report-filter';

/** A filter for the scenario's tenant over 1–4 Nov 2026 in UTC, with these changes. */
export function filterFor(tenantId: string, changes: Partial<ReportFilter> = {}): ReportFilter {
  return { tenantId, merchants: '*', carrierAccounts: [], from: '2026-11-01', to: '2026-11-04', timeZone: 'UTC', ...changes };
}
