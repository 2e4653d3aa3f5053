import type { Kysely } from 'kysely';
import type { ReportingTables } from '../storage/reporting-database';
import type { RecordedEvent } from '@shipledger/event-store';
import { readModelSchema, type Projector } from '@shipledger/projections';
import type { ReportFilter } from './report-filter';

/** A filter for the scenario's tenant over 1–4 Nov 2026 in UTC, with these changes. */
export function filterFor(tenantId: string, changes: Partial<ReportFilter> = {}): ReportFilter {
  return { tenantId, merchants: '*', carrierAccounts: [], from: '2026-11-01', to: '2026-11-04', timeZone: 'UTC', ...changes };
}

/** The events applied as the runner does with applyBatch: one call per batch of `size`, each in a transaction. */
export async function applyInBatches(db: Kysely<ReportingTables>, projector: Projector, events: readonly RecordedEvent[], size: number): Promise<void> {
  const handled = events.filter((event) => projector.handles.includes(event.type));
  for (let start = 0; start < handled.length; start += size) {
    await db.transaction().execute((trx) => projector.applyBatch!(trx.withSchema(readModelSchema(projector.name)), handled.slice(start, start + size)));
  }
}
