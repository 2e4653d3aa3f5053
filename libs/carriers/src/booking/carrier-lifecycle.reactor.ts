import type { ErrorDetail, ShipmentState } from '@shipledger/shipping';
import type { RecordedEvent } from '@shipledger/event-store';
import type { Reactor } from '@shipledger/projections';
import type { CarrierAccountRepository } from '../accounts/carrier-account.repository';
import type { CarrierRegistry } from '../carrier/carrier.registry';
import { causedBy, type ShippingCommands } from '@shipledger/shipping';
import { bookingBehind, type BookingStore } from './booking.store';
import { cancelActiveBookings } from './cancel-bookings';

/**
 * The carrier side of the merchant's lifecycle calls: a cancelled shipment is cancelled with carriers
 * that support it; a shipment marked ready to ship is announced to carriers that schedule collections.
 * A carrier's refusal is recorded in the shipment's history as a tracking entry (status unchanged).
 */
export class CarrierLifecycleReactor implements Reactor {
  readonly name = 'carrier-lifecycle';
  readonly handles = ['ShipmentCancelled', 'ShipmentReadyToShip'] as const;

  constructor(
    private readonly shipments: ShippingCommands,
    private readonly accounts: CarrierAccountRepository,
    private readonly carriers: CarrierRegistry,
    private readonly bookings: BookingStore,
    private readonly now: () => Date = () => new Date(),
    /**
     * Shipments handled at the same time (the runner keeps each shipment's events in order, by stream).
     * Safe: every effect is per shipment (causation ids, the shipment's own stream and booking).
     */
    readonly concurrency: number = 1,
  ) {}

  async handle(event: RecordedEvent): Promise<void> {
    const loaded = await this.shipments.loadFor(event);
    if (!loaded) return;
    const { tenantId, shipmentId, state } = loaded;
    const shipment = { tenantId, shipmentId, content: state.content };
    const refusals = event.type === 'ShipmentCancelled'
      ? await cancelActiveBookings(this.carriers, this.accounts, this.bookings, shipment)
      : await this.scheduleCollection(state, shipment);
    if (refusals.length > 0) await this.recordRefusal(event, state, refusals);
  }

  private async scheduleCollection(state: ShipmentState, shipment: { tenantId: string; shipmentId: string; content: ShipmentState['content'] }): Promise<ErrorDetail[]> {
    const booking = await bookingBehind(this.bookings, shipment.tenantId, shipment.shipmentId, state.tracking_no);
    if (!booking) return [];
    const carrier = this.carriers.get(booking.carrier);
    const account = await this.accounts.get(shipment.tenantId, booking.carrierAccountId);
    if (!carrier.capabilities.collectionScheduling || !account) return [];
    const outcome = await carrier.scheduleCollection({ requestId: booking.requestId, account, shipment, trackingNo: booking.trackingNo });
    return outcome.ok ? [] : outcome.errors;
  }

  private async recordRefusal(event: RecordedEvent, state: ShipmentState, refusals: ErrorDetail[]): Promise<void> {
    const at = this.now().toISOString();
    await this.shipments.record(state.tenant_id, state.shipment_id, causedBy(event, 'system'), () => ({
      type: 'RecordTrackingUpdate',
      stale: true,
      tracking: {
        carrier_status: event.type === 'ShipmentCancelled' ? 'CANCELLATION_REFUSED' : 'COLLECTION_NOT_SCHEDULED',
        carrier_status_description: refusals.map((r) => r.message).join('; '),
        carrier_status_date: at,
      },
      at,
      actor: 'system',
    }));
  }
}
