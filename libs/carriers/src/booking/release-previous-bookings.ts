import type { ErrorDetail } from '@shipledger/shipping';
import type { CarrierAccount } from '../accounts/carrier-account';
import type { CarrierAccountRepository } from '../accounts/carrier-account.repository';
import { carrierError, type CarrierShipment } from '../carrier/carrier.port';
import type { CarrierRegistry } from '../carrier/carrier.registry';
import type { BookingStore, CarrierBookingRecord } from './booking.store';
import { callWithRetry, type CarrierRetryPolicy } from './carrier-retry';

export type Release =
  /** No earlier booking is live any more: book with the new attempt. */
  | { kind: 'released' }
  /** An earlier booking on this very account could not be cancelled: ask the carrier for it again (same request id). */
  | { kind: 'reuse'; booking: CarrierBookingRecord }
  /** An earlier booking elsewhere could not be cancelled: booking anew would leave two live. */
  | { kind: 'blocked'; errors: ErrorDetail[] };

/**
 * Invariant: at most one live carrier booking per shipment. Before a new attempt books, every earlier
 * live booking of the shipment (any request id but this attempt's) is cancelled with its carrier first,
 * so there is never a moment with two. One that cannot be cancelled (no cancellation, a refusal, no
 * answer within the retry budget) is reused when it is on the account now being booked, and otherwise
 * blocks the new booking. A crash in between is safe: cancelled bookings are marked and skipped on the
 * replay, a reused one is found again, and the new attempt's own booking is never touched.
 */
export async function releasePreviousBookings(
  carriers: CarrierRegistry,
  accounts: CarrierAccountRepository,
  bookings: BookingStore,
  retry: CarrierRetryPolicy,
  shipment: CarrierShipment,
  attemptId: string,
  account: CarrierAccount,
  /** The shipment's live bookings when the caller already read them (read here otherwise). */
  live?: readonly CarrierBookingRecord[],
): Promise<Release> {
  let reuse: CarrierBookingRecord | undefined;
  const errors: ErrorDetail[] = [];
  for (const booking of live ?? await bookings.activeForShipment(shipment.tenantId, shipment.shipmentId)) {
    if (booking.requestId === attemptId) continue;
    const refusal = await cancel(carriers, accounts, bookings, retry, shipment, booking);
    if (!refusal) continue;
    if (!reuse && booking.carrierAccountId === account.carrierAccountId) reuse = booking;
    else {
      errors.push(carrierError('BOOKING', 'previous_booking_not_cancelled',
        `The earlier booking ${booking.trackingNo} could not be cancelled with its carrier; cancel it there, then reassign`, undefined, 'TECHNICAL'), ...refusal);
    }
  }
  if (errors.length > 0) return { kind: 'blocked', errors };
  return reuse ? { kind: 'reuse', booking: reuse } : { kind: 'released' };
}

/** Undefined when the booking is cancelled now; else why not. */
async function cancel(
  carriers: CarrierRegistry, accounts: CarrierAccountRepository, bookings: BookingStore, retry: CarrierRetryPolicy,
  shipment: CarrierShipment, booking: CarrierBookingRecord,
): Promise<ErrorDetail[] | undefined> {
  const carrier = carriers.get(booking.carrier);
  const account = await accounts.get(shipment.tenantId, booking.carrierAccountId);
  if (!account) return [carrierError('CANCELLATION', 'carrier_account_invalid', 'The account of the earlier booking is gone', undefined, 'TECHNICAL')];
  if (!carrier.capabilities.cancellation) {
    return [carrierError('CANCELLATION', 'operation_not_supported', 'The carrier does not support cancellation', undefined, 'TECHNICAL')];
  }
  const outcome = await callWithRetry(retry,
    () => carrier.cancel({ requestId: booking.requestId, account, shipment, trackingNo: booking.trackingNo }), undefined, 'CANCELLATION');
  if (!outcome.ok) return outcome.errors;
  await bookings.markCancelled(booking.requestId);
  return undefined;
}
