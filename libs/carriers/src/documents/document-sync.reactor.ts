import type { ShipmentState } from '@shipledger/shipping';
import type { RecordedEvent } from '@shipledger/event-store';
import type { Reactor } from '@shipledger/projections';
import type { CarrierAccountRepository } from '../accounts/carrier-account.repository';
import { bookingBehind, type BookingStore, type CarrierBookingRecord } from '../booking/booking.store';
import type { CarrierRegistry } from '../carrier/carrier.registry';
import { causedBy, type Causation, type ShippingCommands } from '@shipledger/shipping';
import type { DocumentContentReader } from './document-content.port';

/**
 * Document upload to carriers (spec: only once a carrier is assigned, the shipment is booked and the
 * carrier supports upload; asynchronous). Two steps, each exactly-once: a trigger (document stored on
 * a booked shipment, booking of a shipment holding documents, or a retry) records status `pending`;
 * the `pending` event makes this reactor upload and record `complete` or `error` — unless the document
 * is no longer pending (the answer was already recorded by an earlier run).
 */
export class DocumentSyncReactor implements Reactor {
  readonly name = 'carrier-document-sync';
  readonly handles = ['DocumentUploaded', 'DocumentReplaced', 'ShipmentBooked', 'DocumentUploadStatusChanged'] as const;

  constructor(
    private readonly shipments: ShippingCommands,
    private readonly accounts: CarrierAccountRepository,
    private readonly carriers: CarrierRegistry,
    private readonly bookings: BookingStore,
    private readonly documents: DocumentContentReader,
    private readonly now: () => Date = () => new Date(),
    /**
     * Shipments handled at the same time (the runner keeps each shipment's events in order, by stream).
     * Safe: every effect is per shipment (causation ids, the shipment's own stream and booking).
     */
    readonly concurrency: number = 1,
  ) {}

  async handle(event: RecordedEvent): Promise<void> {
    // Most shipments are booked without documents, and the booking reactor in this process has just
    // recorded the booking: its state says so without reading the stream (a document added after the
    // booking comes with its own event).
    if (event.type === 'ShipmentBooked' && this.shipments.recordedSince(event)?.documents.length === 0) return;
    const loaded = await this.shipments.loadFor(event);
    if (!loaded) return;
    const { state } = loaded;
    // Most shipments are booked without documents: nothing to mark, no booking to look up.
    if (event.type === 'ShipmentBooked' && state.documents.length === 0) return;
    const booking = await this.uploadingBooking(state);
    if (!booking) return;
    const data = event.data as { document_id?: string; carrier_upload_status?: string };
    switch (event.type) {
      case 'DocumentUploaded':
      case 'DocumentReplaced':
        return this.markPending(state, data.document_id!, { ...causedBy(event, 'system'), causationId: `${event.id}:${data.document_id}` });
      case 'ShipmentBooked':
        for (const doc of state.documents) {
          await this.markPending(state, doc.document_id, { ...causedBy(event, 'system'), causationId: `${event.id}:${doc.document_id}` });
        }
        return;
      case 'DocumentUploadStatusChanged':
        if (data.carrier_upload_status === 'pending') await this.upload(event, state, booking, data.document_id!);
        return;
      default:
        return;
    }
  }

  /** The live booking through which documents sync, when its carrier supports upload. */
  private async uploadingBooking(state: ShipmentState): Promise<CarrierBookingRecord | undefined> {
    if (!state.tracking_no) return undefined;
    const booking = await bookingBehind(this.bookings, state.tenant_id, state.shipment_id, state.tracking_no);
    return booking && this.carriers.get(booking.carrier).capabilities.documentUpload ? booking : undefined;
  }

  private async markPending(state: ShipmentState, documentId: string, causation: Causation): Promise<void> {
    const at = this.now().toISOString();
    await this.shipments.record(state.tenant_id, state.shipment_id, causation, () => ({
      type: 'RecordDocumentUploadStatus', document_id: documentId, carrier_upload_status: 'pending', at, actor: 'system',
    }));
  }

  private async upload(event: RecordedEvent, state: ShipmentState, booking: CarrierBookingRecord, documentId: string): Promise<void> {
    const doc = state.documents.find((d) => d.document_id === documentId);
    if (!doc || doc.carrier_upload_status !== 'pending') return;
    const account = await this.accounts.get(state.tenant_id, booking.carrierAccountId);
    const content = await this.documents.read(state.tenant_id, state.shipment_id, documentId);
    let outcome: { ok: true } | { ok: false; message: string };
    if (!account) outcome = { ok: false, message: 'The carrier account no longer exists' };
    else if (!content) outcome = { ok: false, message: 'The document content is not available' };
    else {
      const answer = await this.carriers.get(booking.carrier).uploadDocument(
        { requestId: booking.requestId, account, shipment: { tenantId: state.tenant_id, shipmentId: state.shipment_id, content: state.content }, trackingNo: booking.trackingNo },
        { documentId, documentName: doc.document_name, content },
      );
      outcome = answer.ok ? { ok: true } : { ok: false, message: answer.errors.map((e) => e.message).join('; ') };
    }
    const at = this.now().toISOString();
    const stillPending = (s: ShipmentState) => s.documents.find((d) => d.document_id === documentId)?.carrier_upload_status === 'pending';
    await this.shipments.record(state.tenant_id, state.shipment_id, causedBy(event, `carrier:${booking.carrier}`), (s) => (!stillPending(s) ? undefined : {
      type: 'RecordDocumentUploadStatus',
      document_id: documentId,
      carrier_upload_status: outcome.ok ? 'complete' : 'error',
      ...(outcome.ok ? {} : { message: outcome.message }),
      at,
      actor: `carrier:${booking.carrier}`,
    }));
  }
}
