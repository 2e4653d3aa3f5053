import { factsProjector } from '../shipment-facts/facts-projector';
import { bookingOutcomesView } from './booking-outcomes/booking-outcomes.view';
import { exceptionsView } from './exceptions/exceptions.view';
import { leadTimesView } from './lead-times/lead-times.view';
import { onTimeView } from './on-time/on-time.view';
import { shipmentsPerDayView } from './shipments-per-day/shipments-per-day.view';

/**
 * The five shipment reporting views, kept by one projector: each shipment's facts are folded and
 * stored once per batch, and every view's rows are replaced from them in the same transaction.
 */
export const shipmentReportsProjector = factsProjector([
  shipmentsPerDayView,
  bookingOutcomesView,
  leadTimesView,
  onTimeView,
  exceptionsView,
]);
