import type { CarrierAccountRepository } from '../accounts/carrier-account.repository';
import type { CarrierRegistry } from '../carrier/carrier.registry';
import type { CarrierShipment } from '../carrier/carrier.port';
import type { ErrorDetail } from '@shipledger/shipping';
import type { BookingStore, CarrierBookingRecord } from './booking.store';

/**
 * Cancels a shipment's live carrier bookings (those `which` selects) with carriers that support it.
 * Returns the carriers' refusals; a carrier without cancellation keeps its booking on record.
 */
export async function cancelActiveBookings(
  carriers: CarrierRegistry,
  accounts: CarrierAccountRepository,
  bookings: BookingStore,
  shipment: CarrierShipment,
  which: (booking: CarrierBookingRecord) => boolean = () => true,
): Promise<ErrorDetail[]> {
  const refusals: ErrorDetail[] = [];
  for (const booking of await bookings.activeForShipment(shipment.tenantId, shipment.shipmentId)) {
    if (!which(booking)) continue;
    const carrier = carriers.get(booking.carrier);
    const account = await accounts.get(shipment.tenantId, booking.carrierAccountId);
    if (!carrier.capabilities.cancellation || !account) continue;
    const outcome = await carrier.cancel({ requestId: booking.requestId, account, shipment, trackingNo: booking.trackingNo });
    if (outcome.ok) await bookings.markCancelled(booking.requestId);
    else refusals.push(...outcome.errors);
  }
  return refusals;
}
