import type { CarrierAccountRepository } from '../accounts/carrier-account.repository';
import type { BookingStore } from '../booking/booking.store';
import { deterministicUuid } from '@shipledger/ddd';
import { judgeTrackingUpdate, type ShippingCommands } from '@shipledger/shipping';
import type { TrackingResult, TrackingUpdate } from './tracking-update';

/**
 * Turns carrier tracking events into ShipmentTrackingUpdated. Idempotent by carrier event id: the
 * appended event's id derives from (tenant, account, carrier event id), and ShippingCommands skips a
 * causation whose events are already in the stream.
 */
export class TrackingIngestionService {
  constructor(
    private readonly shipments: ShippingCommands,
    private readonly bookings: BookingStore,
    private readonly accounts: CarrierAccountRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async record(update: TrackingUpdate): Promise<TrackingResult> {
    const booking = await this.bookings.byTrackingNo(update.tenantId, update.trackingNo);
    if (!booking || booking.carrierAccountId !== update.carrierAccountId) return 'unknown_tracking_no';
    const causationId = deterministicUuid('tracking', update.tenantId, update.carrierAccountId, update.carrierEventId);
    let skipped: TrackingResult | undefined;
    const events = await this.shipments.record(update.tenantId, booking.shipmentId, {
      causationId, correlationId: causationId, requestId: causationId, actor: update.actor,
    }, (state) => {
      if (state.tracking_no !== update.trackingNo) {
        skipped = state.status === 'pending' && !state.tracking_no ? 'not_booked_yet' : 'superseded';
        return undefined;
      }
      const verdict = judgeTrackingUpdate(state.status, state.tracking.carrier_status_date, update.status, update.date);
      return {
        type: 'RecordTrackingUpdate',
        status: verdict.moveTo,
        stale: verdict.stale || undefined,
        tracking: {
          carrier_status: update.carrierStatus ?? update.status,
          carrier_status_description: update.carrierStatusDescription,
          carrier_status_location: update.location,
          carrier_status_date: new Date(update.date).toISOString(),
        },
        at: this.now().toISOString(),
        actor: update.actor,
      };
    });
    if (skipped) return skipped;
    if (events.length === 0) return 'duplicate';
    if (events.some((e) => e.type === 'ShipmentTrackingUpdated' && e.data.status === 'returned')) await this.autoConfirmReturn(update, booking.shipmentId, causationId);
    return 'recorded';
  }

  /** The account's auto_return_confirmed: a shipment the carrier reports returned is confirmed as such. */
  private async autoConfirmReturn(update: TrackingUpdate, shipmentId: string, causationId: string): Promise<void> {
    const account = await this.accounts.get(update.tenantId, update.carrierAccountId);
    if (!account?.autoReturnConfirmed) return;
    await this.shipments.record(update.tenantId, shipmentId, {
      causationId: `${causationId}:auto-return-confirmed`, correlationId: causationId, requestId: causationId, actor: 'system',
    }, (state) => (state.status === 'returned'
      ? { type: 'UpdateShipmentStatus', new_status: 'return_confirmed', at: this.now().toISOString(), actor: 'system' }
      : undefined));
  }
}
