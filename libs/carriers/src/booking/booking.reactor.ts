import type { ErrorDetail, ShipmentBookingRequested } from '@shipledger/shipping';
import type { RecordedEvent } from '@shipledger/event-store';
import type { Database } from '@shipledger/database';
import { parkEvent, type Reactor } from '@shipledger/projections';
import type { CarrierAccountRepository } from '../accounts/carrier-account.repository';
import type { CarrierRegistry } from '../carrier/carrier.registry';
import type { LabelService } from '../labels/label.service';
import { causedBy, shipmentIdOf, type ShippingCommands } from '@shipledger/shipping';
import { LabelRenderTimeoutError } from '../labels/pdf-label.pool';
import { countBooking, timeCarrierCall } from './booking.metrics';
import type { BookingStore } from './booking.store';
import { carrierAccountInvalid, carrierRequirementProblems, noCarrierAssigned } from './carrier-requirements';
import { cancelActiveBookings } from './cancel-bookings';
import { CarrierCircuits } from './carrier-circuit';
import { callWithRetry, DEFAULT_CARRIER_RETRY, type CarrierRetryPolicy } from './carrier-retry';
import { releasePreviousBookings } from './release-previous-bookings';
import type { TenantBookingShare } from './tenant-booking-share';

type BookingRequestedData = ShipmentBookingRequested['data'];

/**
 * Books shipments with their carrier. Exactly once, across crashes: the carrier is called with the
 * booking attempt id as request id (a repeated call returns the first booking), the booking is noted
 * before the answer is appended, and the answer goes through the decider, which drops it unless the
 * shipment is still pending on this very attempt (a superseded or already-answered request is stale).
 */
export class BookingReactor implements Reactor {
  readonly name = 'carrier-booking';
  readonly handles = ['ShipmentBookingRequested'] as const;

  constructor(
    private readonly shipments: ShippingCommands,
    private readonly accounts: CarrierAccountRepository,
    private readonly carriers: CarrierRegistry,
    private readonly bookings: BookingStore,
    private readonly labels: LabelService,
    private readonly retry: CarrierRetryPolicy = DEFAULT_CARRIER_RETRY,
    private readonly now: () => Date = () => new Date(),
    /**
     * Shipments booked at the same time (the runner keeps each shipment's requests in order, by
     * stream). Safe: exactly-once rests on per-shipment facts — the attempt id as the carrier's request
     * id, the booking row keyed by it, the decider dropping a stale answer — none shared across shipments.
     */
    readonly concurrency: number = 1,
    /** Per account: once its carrier stops answering, bookings fail at once for a while (carrier-circuit.ts). */
    private readonly circuits: CarrierCircuits = new CarrierCircuits(),
    /**
     * Each tenant's share of the slots (tenant-booking-share.ts): a request past it waits in the backlog,
     * booked by the drainer beside the reactor; one given up there is parked like the runner's.
     */
    private readonly fairness?: { share: TenantBookingShare; database: Database },
  ) {}

  /**
   * Books the request at once while its tenant is within its share of the slots; otherwise sets it aside
   * in the backlog (the slot is free at once for the other tenants' requests) for the drainer to book.
   */
  async handle(event: RecordedEvent): Promise<void> {
    const shipmentId = shipmentIdOf(event.streamId);
    const share = this.fairness?.share;
    if (!share || !shipmentId) return this.book(event);
    const tenantId = event.metadata.tenantId;
    if (!(await share.tryEnter(tenantId))) return share.defer(event, shipmentId);
    try {
      await this.book(event);
    } finally {
      share.leave(tenantId);
    }
  }

  /** Every worker books the backlog, whether or not it holds the reactor's lease (claims share the work). */
  async runBeside(signal: AbortSignal): Promise<void> {
    const fairness = this.fairness;
    if (!fairness) return;
    await fairness.share.drain(signal, (event) => this.book(event), async (event, error, attempts) => {
      await this.onParked(event, error);
      await parkEvent(fairness.database.kysely, { kind: 'reactor', name: this.name }, event, attempts, error);
    });
  }

  /** The worker's waitUntilCaughtUp waits for the requests set aside in the backlog too. */
  async hasSetAside(position: string): Promise<boolean> {
    return this.fairness ? this.fairness.share.backlog.holdsUpTo(position) : false;
  }

  /** The booking itself: the same for a request handed over by the runner and for one from the backlog. */
  private async book(event: RecordedEvent): Promise<void> {
    const data = event.data as BookingRequestedData;
    // The three reads a booking starts with do not depend on each other: one round trip of waiting, not three.
    const accountId = data.carrier_account?.carrier_id;
    const streamShipmentId = shipmentIdOf(event.streamId);
    const [loaded, account, liveBookings] = await Promise.all([
      this.shipments.loadFor(event),
      accountId ? this.accounts.get(event.metadata.tenantId, accountId) : undefined,
      streamShipmentId ? this.bookings.activeForShipment(event.metadata.tenantId, streamShipmentId) : [],
    ]);
    if (!loaded) return;
    const { tenantId, shipmentId, state } = loaded;
    if (state.status !== 'pending' || state.booking_attempt_id !== data.booking_attempt_id) return;
    const attemptId = data.booking_attempt_id;
    const fail = async (errorDetails: ErrorDetail[]) => {
      const recorded = await this.shipments.record(tenantId, shipmentId, causedBy(event, 'system'), () => ({
        type: 'RecordBookingFailed', booking_attempt_id: attemptId, error_details: errorDetails, at: this.now().toISOString(), actor: 'system',
      }), loaded);
      if (recorded.length > 0) countBooking(data.carrier_account?.carrier ?? 'none', 'failed');
    };

    if (!accountId) return void (await fail([noCarrierAssigned()]));
    if (!account) return void (await fail([carrierAccountInvalid(accountId, 'unknown account')]));
    if (account.status !== 'active') return void (await fail([carrierAccountInvalid(account.carrierAccountId, `account is ${account.status}`)]));

    const carrier = this.carriers.get(account.carrier);
    const problems = carrierRequirementProblems(state.content, carrier.requirements?.(account));
    const warnings = problems.filter((p) => p.level === 'WARNING');
    if (problems.some((p) => p.level === 'ERROR')) return void (await fail(problems));

    const shipment = { tenantId, shipmentId, content: state.content };
    // One live booking per shipment: earlier ones (reassign, reprocess) are cancelled first, or reused.
    const release = await releasePreviousBookings(this.carriers, this.accounts, this.bookings, this.retry, shipment, attemptId, account, liveBookings);
    if (release.kind === 'blocked') return void (await fail([...release.errors, ...warnings]));
    // A reused booking is asked for again under its own request id: the carrier answers with that booking.
    const requestId = release.kind === 'reuse' ? release.booking.requestId : attemptId;
    // Each try goes through the account's circuit: once its carrier leaves calls unanswered, the tries of
    // every booking of the account in hand fail at once (carrier-circuit.ts).
    const circuit = `${tenantId}\u0000${account.carrierAccountId}`;
    const outcome = await callWithRetry(this.retry,
      () => this.circuits.call(circuit, () => timeCarrierCall(account.carrier, () => carrier.book({ requestId, account, shipment }))));
    if (!outcome.ok) return void (await fail([...outcome.errors, ...warnings]));

    const booking = outcome.value;
    // The answer is decided on the stream as read above (no second read): a shipment that moved on
    // meanwhile makes the append miss its revision, and the answer is decided again on a fresh read.
    // The booking row and the labels (sources, or PDFs when eager) are independent: written side by
    // side, and both settled before the answer is appended (a failure of either is retried as a whole).
    const [saved, generated] = await Promise.allSettled([
      this.bookings.save({
        requestId, tenantId, shipmentId, carrierAccountId: account.carrierAccountId, carrier: account.carrier,
        trackingNo: booking.trackingNo, status: 'active',
      }),
      this.labels.generateAll(carrier, { requestId, account, shipment, trackingNo: booking.trackingNo }),
    ]);
    if (saved.status === 'rejected') throw saved.reason;
    if (generated.status === 'rejected') throw generated.reason;
    const labels = generated.value;
    const recorded = await this.shipments.record(tenantId, shipmentId, causedBy(event, `carrier:${account.carrier}`), () => ({
      type: 'RecordBookingSucceeded',
      booking_attempt_id: attemptId,
      tracking_no: booking.trackingNo,
      carrier: account.carrier,
      labels,
      parcel_tracking_numbers: booking.parcelTrackingNumbers,
      carrier_data: {
        ...(booking.carrierReference ? { carrier_reference: booking.carrierReference } : {}),
        ...(booking.trackingUrl ? { tracking_url: booking.trackingUrl } : {}),
      },
      at: this.now().toISOString(),
      actor: `carrier:${account.carrier}`,
    }), loaded);
    if (recorded.length > 0) countBooking(account.carrier, 'booked');
    else await this.releaseIfOrphaned(tenantId, shipmentId, booking.trackingNo);
    // The account's auto_ready_to_ship: the booked shipment goes on to ready_to_ship by itself.
    if (account.autoReadyToShip) {
      await this.shipments.record(tenantId, shipmentId, { ...causedBy(event, 'system'), causationId: `${event.id}:auto-ready-to-ship` },
        (current) => (current.status === 'booked' && current.tracking_no === booking.trackingNo
          ? { type: 'MarkShipmentReadyToShip', at: this.now().toISOString(), actor: 'system' }
          : undefined));
    }
  }

  /**
   * The runner gave up on a booking request (a label that cannot be rendered in time, a store that keeps
   * failing): the shipment leaves `pending` for `error`, with an error detail saying so, rather than
   * waiting forever. The decider ignores it when the shipment has moved on from this attempt.
   */
  async onParked(event: RecordedEvent, error: unknown): Promise<void> {
    const data = event.data as BookingRequestedData;
    const tenantId = event.metadata.tenantId;
    const shipmentId = shipmentIdOf(event.streamId);
    if (!shipmentId) return;
    const recorded = await this.shipments.record(tenantId, shipmentId, { ...causedBy(event, 'system'), causationId: `${event.id}:gave-up` },
      (current) => (current.status === 'pending' && current.booking_attempt_id === data.booking_attempt_id
        ? {
          type: 'RecordBookingFailed', booking_attempt_id: data.booking_attempt_id, error_details: [bookingGaveUp(error)],
          at: this.now().toISOString(), actor: 'system',
        }
        : undefined));
    if (recorded.length > 0) countBooking(data.carrier_account?.carrier ?? 'none', 'failed');
  }

  /**
   * The shipment moved on while the carrier was booking (cancelled, or a newer attempt): the decider
   * dropped the answer, so the carrier holds a booking nobody will use — cancel it where possible.
   * On a plain replay the shipment carries this very tracking number and nothing is cancelled.
   */
  private async releaseIfOrphaned(tenantId: string, shipmentId: string, trackingNo: string): Promise<void> {
    const state = await this.shipments.load(tenantId, shipmentId);
    if (!state || state.tracking_no === trackingNo) return;
    await cancelActiveBookings(this.carriers, this.accounts, this.bookings, { tenantId, shipmentId, content: state.content },
      (b) => b.trackingNo === trackingNo);
  }
}

/** The error detail of a booking the service gave up on; names a label time-out as such. */
function bookingGaveUp(error: unknown): ErrorDetail {
  const timedOut = error instanceof LabelRenderTimeoutError;
  return {
    level: 'ERROR', trigger: 'BOOKING', source: 'SYSTEM', type: 'TECHNICAL',
    code: timedOut ? 'label_generation_timeout' : 'booking_processing_failed',
    message: timedOut
      ? `The shipping label could not be rendered within ${error.timeoutMs} ms; shorten long fields and reprocess the shipment`
      : 'The booking could not be completed after several tries; reprocess the shipment to try again',
  };
}
