import { sql, type Kysely } from 'kysely';
import { ORDER_STATUSES, type OrderStatus } from '@shipledger/ordering';
import type { ReportingTables } from '../../storage/reporting-database';
import { scopedTo, viewDb, withinDays, type ReportFilter } from '../report-filter';
import { coveringBuckets, windowOf } from '../time-buckets';
import { addInto, percentiles, type BinCounts, type Histogram } from '../lead-times/duration-histogram';
import { ORDERS_VIEW } from './orders.projector';

export { ORDER_STATUSES };

/** Per day and merchant: orders created, and how many of them are in each status now. */
export type OrdersPerStatusRow = { date: string; merchant: string | null; created: number } & Record<OrderStatus, number>;

/**
 * Per day of creation (in the filter's time zone) and merchant: how many orders were created, and how
 * many of those are in each order status now. Reads the 15-minute buckets of order_buckets (every zone's
 * day is a whole number of them), so a 30-day window reads at most 2,880 rows per merchant and status.
 */
export async function ordersPerStatus(db: Kysely<ReportingTables>, filter: ReportFilter): Promise<OrdersPerStatusRow[]> {
  // The zone as a literal (a validated IANA name), so the select's and the group's expression are one.
  const day = sql<string>`(bucket at time zone ${sql.lit(filter.timeZone)})::date`;
  const rows = await scopedTo(viewDb(db, ORDERS_VIEW).selectFrom('order_buckets'), filter)
    .where('grain', '=', '15m')
    .where(withinDays('bucket', filter))
    .select([
      sql<string>`to_char(${day}, 'YYYY-MM-DD')`.as('date'),
      'merchant',
      sql<string>`sum(orders)`.as('created'),
      ...ORDER_STATUSES.map((status) => sql<string>`coalesce(sum(orders) filter (where status = ${status}), 0)`.as(status)),
    ])
    .groupBy([day, 'order_buckets.merchant'])
    .orderBy(sql`1`).orderBy(sql`2`)
    .execute();
  return rows.map((row) => {
    const counts = row as unknown as Record<string, string>;
    return {
      date: row.date, merchant: row.merchant || null, created: Number(row.created),
      ...Object.fromEntries(ORDER_STATUSES.map((status) => [status, Number(counts[status])])) as Record<OrderStatus, number>,
    };
  });
}

/** Statuses in which an order will ask for no more shipments: without one, it is not awaiting one. */
const SETTLED: readonly string[] = ['cancelled', 'closed'] satisfies OrderStatus[];

export interface OrderToShipmentRow {
  merchant: string | null;
  /** Orders created in the period. */
  orders: number;
  /** Of them, those that asked shipping for a shipment. */
  shipped: number;
  /** Not shipped yet and still open to fulfilment (not cancelled or closed). */
  awaiting: number;
  /** Cancelled or closed without ever asking for a shipment. */
  without_shipment: number;
  /** Seconds from creation to the first shipment, continuous percentiles (null when none shipped). */
  p50: number | null;
  p90: number | null;
  p99: number | null;
}

/**
 * Per merchant, among orders created in the period: how long from an order's creation to its first
 * shipment, as continuous percentiles of the buckets' summed duration histograms (within 1.99 % of the
 * exact ones, duration-histogram.ts). Reads the day buckets of the UTC days inside the window and the
 * 15-minute buckets at its edges (time-buckets.ts): ~30 + 96 rows per merchant and status a month.
 */
export async function orderToShipment(db: Kysely<ReportingTables>, filter: ReportFilter): Promise<OrderToShipmentRow[]> {
  const view = viewDb(db, ORDERS_VIEW);
  const window = coveringBuckets(await windowOf(view, filter));
  const buckets = await scopedTo(view.selectFrom('order_buckets'), filter)
    .where(window)
    .select(['merchant', 'status', 'orders', 'shipped', 'to_first_shipment'])
    .orderBy('merchant')
    .execute();
  const groups = new Map<string, { row: Omit<OrderToShipmentRow, 'p50' | 'p90' | 'p99'>; bins: BinCounts }>();
  for (const bucket of buckets) {
    let group = groups.get(bucket.merchant);
    if (!group) {
      group = { row: { merchant: bucket.merchant || null, orders: 0, shipped: 0, awaiting: 0, without_shipment: 0 }, bins: [] };
      groups.set(bucket.merchant, group);
    }
    group.row.orders += bucket.orders;
    group.row.shipped += bucket.shipped;
    if (SETTLED.includes(bucket.status)) group.row.without_shipment += bucket.orders - bucket.shipped;
    else group.row.awaiting += bucket.orders - bucket.shipped;
    const histogram = bucket.to_first_shipment as Histogram | string;
    addInto(group.bins, typeof histogram === 'string' ? JSON.parse(histogram) as Histogram : histogram);
  }
  return [...groups.values()].map(({ row, bins }) => {
    const { values: [p50, p90, p99] } = percentiles(bins, [0.5, 0.9, 0.99]);
    return { ...row, p50: rounded(p50), p90: rounded(p90), p99: rounded(p99) };
  });
}

function rounded(seconds: number | null | undefined): number | null {
  return seconds === null || seconds === undefined ? null : Math.round(seconds * 1000) / 1000;
}
