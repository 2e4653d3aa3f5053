import { sql, type Kysely } from 'kysely';
import type { ReportingTables } from '../../storage/reporting-database';
import { scopedTo, viewDb, withinDays, type ReportFilter } from '../report-filter';
import { SHIPMENT_REPORTS } from '../../shipment-facts/facts-projector';
import { RESTING_STATUSES } from './exceptions.view';

export const EXCEPTION_KINDS = ['pending_too_long', 'failed_delivery_attempt', 'returned', 'stuck'] as const;
export type ExceptionKind = (typeof EXCEPTION_KINDS)[number];

export interface ExceptionThresholds {
  /** A pending shipment (awaiting its booking) is an exception after this many minutes. */
  pendingMinutes: number;
  /** A shipment not resting (delivered, cancelled, returned, draft) is stuck after this many hours in one status. */
  stuckHours: number;
  asOf: Date;
  /** Shipments listed (the counts cover all). */
  limit: number;
}

export interface ExceptionShipment {
  shipment_id: string;
  partner_shipment_reference: string | null;
  merchant: string | null;
  carrier: string | null;
  carrier_account_id: string | null;
  status: string;
  status_since: string;
  failed_delivery_attempts: number;
  returned_at: string | null;
  exceptions: ExceptionKind[];
}

export interface ExceptionsReport {
  counts: Record<ExceptionKind, number>;
  shipments: ExceptionShipment[];
}

/**
 * Among shipments created in the period: those pending too long, with failed delivery attempts,
 * returned, or stuck in a status — counted, and listed longest in their status first.
 */
export async function exceptions(db: Kysely<ReportingTables>, filter: ReportFilter, thresholds: ExceptionThresholds): Promise<ExceptionsReport> {
  const asOf = thresholds.asOf.toISOString();
  const resting = sql.join(RESTING_STATUSES.map((s) => sql.lit(s)));
  const kinds: Record<ExceptionKind, ReturnType<typeof sql<boolean>>> = {
    pending_too_long: sql<boolean>`(status = 'pending' and status_since < ${asOf}::timestamptz - make_interval(mins => ${thresholds.pendingMinutes}))`,
    failed_delivery_attempt: sql<boolean>`(failed_delivery_attempts > 0)`,
    returned: sql<boolean>`(returned_at is not null)`,
    stuck: sql<boolean>`(status not in (${resting}) and status_since < ${asOf}::timestamptz - make_interval(hours => ${thresholds.stuckHours}))`,
  };
  const any = sql<boolean>`(${sql.join(Object.values(kinds), sql` or `)})`;
  const base = () => scopedTo(viewDb(db, SHIPMENT_REPORTS).selectFrom('shipment_status'), filter)
    .where(withinDays('created_at', filter))
    // The open indexes' predicate, spelled out so the planner can use them.
    .where(sql<boolean>`(status not in (${resting}) or failed_delivery_attempts > 0 or returned_at is not null)`)
    .where(any);
  const [counts, rows] = await Promise.all([
    // An index-only scan of the open shipments created in the window (shipment_status_open_created_idx).
    base().select(EXCEPTION_KINDS.map((kind) => sql<string>`count(*) filter (where ${kinds[kind]})`.as(kind))).executeTakeFirstOrThrow(),
    // shipment_status_open_since_idx in order from the window's start, until `limit` rows qualify: a
    // shipment enters its status no earlier than it is created (its events' instants, in order), so
    // status_since >= the window's start only says what created_at already does, as an index range.
    base()
      .where(sql<boolean>`status_since >= (${filter.from}::date::timestamp at time zone ${filter.timeZone})`)
      .select([
        'shipment_id', 'partner_shipment_reference', 'merchant', 'carrier', 'carrier_account_id', 'status',
        sql<string>`to_char(status_since at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('status_since'),
        'failed_delivery_attempts',
        sql<string | null>`to_char(returned_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('returned_at'),
        ...EXCEPTION_KINDS.map((kind) => kinds[kind].as(kind)),
      ])
      // The column, not the formatted output of the same name: the since index gives this order.
      .orderBy(sql.ref('shipment_status.status_since')).orderBy('shipment_id')
      .limit(thresholds.limit)
      .execute() as Promise<Record<string, any>[]>,
  ]);
  return {
    counts: Object.fromEntries(EXCEPTION_KINDS.map((kind) => [kind, Number((counts as Record<string, string>)[kind])])) as Record<ExceptionKind, number>,
    shipments: rows.map((row) => ({
      shipment_id: row.shipment_id, partner_shipment_reference: row.partner_shipment_reference, merchant: row.merchant,
      carrier: row.carrier, carrier_account_id: row.carrier_account_id, status: row.status, status_since: row.status_since,
      failed_delivery_attempts: Number(row.failed_delivery_attempts), returned_at: row.returned_at,
      exceptions: EXCEPTION_KINDS.filter((kind) => row[kind] === true),
    })),
  };
}
