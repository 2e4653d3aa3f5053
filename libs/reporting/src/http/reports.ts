import type { Kysely } from 'kysely';
import type { ReportingTables } from '../storage/reporting-database';
import { bookingOutcomes } from '../read-models/booking-outcomes/booking-outcomes.queries';
import { exceptions, EXCEPTION_KINDS } from '../read-models/exceptions/exceptions.queries';
import { LEAD_TIME_STAGES, leadTimes, type LeadTimeStage } from '../read-models/lead-times/lead-times.queries';
import { onTime } from '../read-models/on-time/on-time.queries';
import { ORDER_STATUSES, orderToShipment, ordersPerStatus } from '../read-models/orders/orders.queries';
import type { ReportFilter } from '../read-models/report-filter';
import { shipmentsPerDay } from '../read-models/shipments-per-day/shipments-per-day.queries';
import type { ExceptionsQueryDto, OnTimeQueryDto, ReportPeriodQueryDto, ReportQueryDto } from './report-query.dto';

export interface ReportContext<Q extends ReportPeriodQueryDto = ReportQueryDto> {
  db: Kysely<ReportingTables>;
  filter: ReportFilter;
  query: Q;
  now: Date;
  stuckHours: number;
}

/** A report: how to run it, and how its answer lies flat as CSV lines. */
export interface ReportDefinition<Q extends ReportPeriodQueryDto = any, R = any> {
  run(context: ReportContext<Q>): Promise<R>;
  csv: { columns: readonly string[]; rows(result: R): object[] };
}

const STAGES = Object.keys(LEAD_TIME_STAGES) as LeadTimeStage[];
const asOf = (query: { as_of?: string }, now: Date) => (query.as_of ? new Date(query.as_of) : now);

export const REPORTS = {
  'shipments-per-day': {
    run: async ({ db, filter }) => ({ rows: await shipmentsPerDay(db, filter) }),
    csv: {
      columns: ['date', 'carrier_account_id', 'carrier_account_name', 'created', 'booked', 'shipped', 'delivered'],
      rows: (result) => result.rows,
    },
  } satisfies ReportDefinition<ReportQueryDto, { rows: Awaited<ReturnType<typeof shipmentsPerDay>> }>,

  'booking-outcomes': {
    run: async ({ db, filter }) => ({ rows: await bookingOutcomes(db, filter) }),
    csv: {
      columns: ['carrier', 'carrier_account_id', 'carrier_account_name', 'attempts', 'booked', 'failed', 'awaiting', 'retries', 'success_rate', 'error_codes'],
      rows: (result) => result.rows.map((row) => ({
        ...row, error_codes: row.error_codes.map((c) => `${c.code}:${c.count}`).join(' '),
      })),
    },
  } satisfies ReportDefinition<ReportQueryDto, { rows: Awaited<ReturnType<typeof bookingOutcomes>> }>,

  'lead-times': {
    run: async ({ db, filter }) => ({ rows: await leadTimes(db, filter) }),
    csv: {
      columns: ['carrier', 'pickup_country', 'pickup_city', 'dropoff_country', 'dropoff_city', 'shipments',
        ...STAGES.flatMap((stage) => ['count', 'p50_s', 'p90_s', 'p99_s'].map((m) => `${stage}_${m}`))],
      rows: (result) => result.rows.map(({ stages, ...row }) => ({
        ...row,
        ...Object.fromEntries(STAGES.flatMap((stage) => [
          [`${stage}_count`, stages[stage].count], [`${stage}_p50_s`, stages[stage].p50],
          [`${stage}_p90_s`, stages[stage].p90], [`${stage}_p99_s`, stages[stage].p99],
        ])),
      })),
    },
  } satisfies ReportDefinition<ReportQueryDto, { rows: Awaited<ReturnType<typeof leadTimes>> }>,

  'on-time': {
    run: async ({ db, filter, query, now }) => ({ as_of: asOf(query, now).toISOString(), rows: await onTime(db, filter, asOf(query, now)) }),
    csv: {
      columns: ['carrier', 'promised', 'delivered', 'on_time', 'late', 'overdue', 'on_time_rate'],
      rows: (result) => result.rows,
    },
  } satisfies ReportDefinition<OnTimeQueryDto, { as_of: string; rows: Awaited<ReturnType<typeof onTime>> }>,

  exceptions: {
    run: async ({ db, filter, query, now, stuckHours }) => {
      const thresholds = {
        pendingMinutes: query.pending_minutes ?? 60, stuckHours: query.stuck_hours ?? stuckHours,
        asOf: asOf(query, now), limit: query.limit ?? 100,
      };
      const report = await exceptions(db, filter, thresholds);
      return {
        as_of: thresholds.asOf.toISOString(),
        thresholds: { pending_minutes: thresholds.pendingMinutes, stuck_hours: thresholds.stuckHours },
        ...report,
      };
    },
    csv: {
      columns: ['shipment_id', 'partner_shipment_reference', 'merchant', 'carrier', 'carrier_account_id', 'status',
        'status_since', 'failed_delivery_attempts', 'returned_at', 'exceptions'],
      rows: (result) => result.shipments.map((s) => ({ ...s, exceptions: s.exceptions.join(' ') })),
    },
  } satisfies ReportDefinition<ExceptionsQueryDto, { as_of: string; thresholds: Record<string, number> } & Awaited<ReturnType<typeof exceptions>>>,

  'orders-per-status': {
    run: async ({ db, filter }) => ({ rows: await ordersPerStatus(db, filter) }),
    csv: { columns: ['date', 'merchant', 'created', ...ORDER_STATUSES], rows: (result) => result.rows },
  } satisfies ReportDefinition<ReportPeriodQueryDto, { rows: Awaited<ReturnType<typeof ordersPerStatus>> }>,

  'order-to-shipment': {
    run: async ({ db, filter }) => ({ rows: await orderToShipment(db, filter) }),
    csv: {
      columns: ['merchant', 'orders', 'shipped', 'awaiting', 'without_shipment', 'p50_s', 'p90_s', 'p99_s'],
      rows: (result) => result.rows.map(({ p50, p90, p99, ...row }) => ({ ...row, p50_s: p50, p90_s: p90, p99_s: p99 })),
    },
  } satisfies ReportDefinition<ReportPeriodQueryDto, { rows: Awaited<ReturnType<typeof orderToShipment>> }>,
} as const;

export type ReportName = keyof typeof REPORTS;
export { EXCEPTION_KINDS };
