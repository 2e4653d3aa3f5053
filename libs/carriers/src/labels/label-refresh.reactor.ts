import type { RecordedEvent } from '@shipledger/event-store';
import type { Reactor } from '@shipledger/projections';
import type { CarrierAccountRepository } from '../accounts/carrier-account.repository';
import { bookingBehind, type BookingStore } from '../booking/booking.store';
import type { CarrierRegistry } from '../carrier/carrier.registry';
import { causedBy, type ShippingCommands } from '@shipledger/shipping';
import type { LabelService } from './label.service';

/** label/refresh found the default label missing: render it again and record the fresh URLs. */
export class LabelRefreshReactor implements Reactor {
  readonly name = 'carrier-label-refresh';
  readonly handles = ['ShipmentLabelRefreshRequested'] as const;

  constructor(
    private readonly shipments: ShippingCommands,
    private readonly accounts: CarrierAccountRepository,
    private readonly carriers: CarrierRegistry,
    private readonly bookings: BookingStore,
    private readonly labels: LabelService,
    private readonly now: () => Date = () => new Date(),
    /**
     * Shipments handled at the same time (the runner keeps each shipment's events in order, by stream).
     * Safe: every effect is per shipment (causation ids, the shipment's own stream and booking).
     */
    readonly concurrency: number = 1,
  ) {}

  async handle(event: RecordedEvent): Promise<void> {
    const loaded = await this.shipments.loadFor(event);
    if (!loaded?.state.tracking_no) return;
    const { tenantId, shipmentId, state } = loaded;
    const booking = await bookingBehind(this.bookings, tenantId, shipmentId, state.tracking_no);
    const account = booking && await this.accounts.get(tenantId, booking.carrierAccountId);
    if (!booking || !account) return;
    const urls = await this.labels.regenerateDefault(this.carriers.get(booking.carrier), {
      requestId: booking.requestId, account, shipment: { tenantId, shipmentId, content: state.content }, trackingNo: booking.trackingNo,
    });
    await this.shipments.record(tenantId, shipmentId, causedBy(event, 'system'), () => ({
      type: 'RecordLabelGenerated', labels: urls, at: this.now().toISOString(), actor: 'system',
    }));
  }
}
