import type { Projector } from '@shipledger/projections';
import { shipmentReportsProjector } from './shipment-reports';
import { ordersReportProjector } from './orders/orders.projector';

/** Every reporting view's projector; the worker registry lists them. */
export const REPORTING_PROJECTORS: readonly Projector[] = [
  shipmentReportsProjector,
  ordersReportProjector,
];

export { shipmentsPerDay, type ShipmentsPerDayRow } from './shipments-per-day/shipments-per-day.queries';
export { bookingOutcomes, type BookingOutcomesRow } from './booking-outcomes/booking-outcomes.queries';
export { leadTimes, type LeadTimesRow } from './lead-times/lead-times.queries';
export { onTime, type OnTimeRow } from './on-time/on-time.queries';
export { exceptions, type ExceptionsReport } from './exceptions/exceptions.queries';
export { ordersPerStatus, orderToShipment, type OrdersPerStatusRow, type OrderToShipmentRow } from './orders/orders.queries';
export type { ReportFilter } from './report-filter';
