import type { Insertable } from 'kysely';
import type { Json, Timestamp } from '@shipledger/database';
import type { ShipmentFacts } from '../shipment-facts/shipment-facts';

/*
 * The Reporting context's tables, kept by hand beside the views' migrations (read-models/<view>/
 * <view>.view.ts, orders/orders.projector.ts): a column added there is added here, and the compiler then
 * checks every query that names it and every row a view's rowsOf produces. The five shipment views share
 * one schema (`rm_report_shipments`) holding shipment_facts once and every view's tables; the orders
 * view has its own (`rm_report_orders`).
 */

/** Each view's table; every row belongs to one shipment of one tenant. */
export type ReportViewTables = {
  promises: {
    tenant_id: string;
    shipment_id: string;
    merchant: string | null;
    carrier: string | null;
    carrier_account_id: string | null;
    promised_at: Timestamp;
    delivered_at: Timestamp | null;
  };
  booking_attempts: {
    tenant_id: string;
    shipment_id: string;
    attempt_id: string;
    attempt_no: number;
    merchant: string | null;
    carrier: string;
    carrier_account_id: string;
    carrier_account_name: string | null;
    requested_at: Timestamp;
    outcome: string | null;
    answered_at: Timestamp | null;
    error_codes: string[];
  };
  shipment_status: {
    tenant_id: string;
    shipment_id: string;
    partner_shipment_reference: string | null;
    merchant: string | null;
    carrier: string | null;
    carrier_account_id: string | null;
    status: string;
    status_since: Timestamp;
    created_at: Timestamp;
    failed_delivery_attempts: number;
    returned_at: Timestamp | null;
  };
  shipment_stages: {
    tenant_id: string;
    shipment_id: string;
    merchant: string | null;
    carrier: string | null;
    carrier_account_id: string | null;
    pickup_country: string | null;
    pickup_city: string | null;
    dropoff_country: string | null;
    dropoff_city: string | null;
    created_at: Timestamp;
    booked_at: Timestamp | null;
    shipped_at: Timestamp | null;
    delivered_at: Timestamp | null;
  };
  milestones: {
    tenant_id: string;
    shipment_id: string;
    milestone: string;
    at: Timestamp;
    merchant: string | null;
    carrier: string | null;
    carrier_account_id: string | null;
    carrier_account_name: string | null;
  };
};

export type ReportViewTable = keyof ReportViewTables;

/** A view row as rowsOf produces it: the view's columns besides the shipment's key. */
export type ReportViewRow<T extends ReportViewTable> = Omit<Insertable<ReportViewTables[T]>, 'tenant_id' | 'shipment_id'>;

export type ReportingTables = ReportViewTables & {
  /** Each shipment's folded facts and the stream revision they include. */
  shipment_facts: { tenant_id: string; shipment_id: string; revision: number; facts: Json<ShipmentFacts> };
  /**
   * shipments-per-day's milestones counted per 15-minute bucket (what its query reads): every time
   * zone's offset is a multiple of 15 minutes, so a day in any of them is a whole number of buckets.
   * '' stands for no merchant or no carrier account (key columns cannot be null).
   */
  milestone_buckets: {
    tenant_id: string;
    bucket: Timestamp;
    milestone: string;
    merchant: string;
    carrier_account_id: string;
    carrier_account_name: string | null;
    shipments: number;
  };
  /*
   * The pre-aggregated tables of booking-outcomes and lead-times (read-models/time-buckets.ts): each
   * instant counted in its UTC day (grain 'day') and its 15-minute bucket (grain '15m'); '' stands for
   * no merchant, outcome or lane part (key columns cannot be null).
   */
  booking_buckets: {
    tenant_id: string;
    grain: string;
    bucket: Timestamp;
    merchant: string;
    carrier_account_id: string;
    carrier: string;
    /** 'booked', 'failed' or '' (not answered yet). */
    outcome: string;
    carrier_account_name: string | null;
    attempts: number;
    retries: number;
  };
  booking_error_buckets: {
    tenant_id: string;
    grain: string;
    bucket: Timestamp;
    merchant: string;
    carrier_account_id: string;
    code: string;
    occurrences: number;
  };
  lead_time_buckets: {
    tenant_id: string;
    grain: string;
    bucket: Timestamp;
    merchant: string;
    carrier_account_id: string;
    carrier: string;
    pickup_country: string;
    pickup_city: string;
    dropoff_country: string;
    dropoff_city: string;
    shipments: number;
    /** Sparse duration histograms (lead-times/duration-histogram.ts): bin → shipments. */
    created_to_booked: Json<Record<string, number>>;
    booked_to_shipped: Json<Record<string, number>>;
    shipped_to_delivered: Json<Record<string, number>>;
    created_to_delivered: Json<Record<string, number>>;
  };
  /** The orders view (read-models/orders): one row per order — merchant, current status, creation, first shipment. */
  order_facts: {
    tenant_id: string;
    order_id: string;
    revision: number;
    merchant: string | null;
    status: string;
    created_at: Timestamp;
    first_shipment_at: Timestamp | null;
  };
  /**
   * Orders counted per creation bucket (both grains), merchant ('' for none) and current status; `shipped`
   * of them asked for a shipment, their creation → first shipment durations in `to_first_shipment`.
   */
  order_buckets: {
    tenant_id: string;
    grain: string;
    bucket: Timestamp;
    merchant: string;
    status: string;
    orders: number;
    shipped: number;
    to_first_shipment: Json<Record<string, number>>;
  };
  /** lead_time_buckets summed over merchants and accounts (what a report over all of them reads). */
  lead_time_rollup: Omit<ReportingTables['lead_time_buckets'], 'merchant' | 'carrier_account_id'>;
};
