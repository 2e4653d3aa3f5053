import { createHash } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { CarrierRequirements } from '@shipledger/shipping';
import type { CarrierAccount, CarrierCode } from '../accounts/carrier-account';
import {
  carrierError, unsupported, type BookedShipmentRef, type BookingRequest, type Carrier, type CarrierBooking,
  type CarrierCapabilities, type CarrierDocument, type CarrierOutcome, type CarrierRate, type RatingRequest,
  type CarrierManifestRequest,
} from '../carrier/carrier.port';
import { acceptSandboxManifest } from './sandbox-manifests';
import { PdfLabelRenderer } from '../labels/pdf-label.pool';
import { rateWithSandboxTariff } from '../rating/sandbox-rating';
import { sandboxRejections, sandboxRequirements } from './sandbox-rules';
import { scenarioOf, SANDBOX_SCENARIOS } from './sandbox-scenarios';
import type { SandboxStore } from './sandbox-store';

const DEFAULT_LATENCY_MS = 150;
const DEFAULT_STEP_SECONDS = 5;

/**
 * A carrier that behaves like a real one, backed by SQL: deterministic tracking numbers, a booking
 * latency, account-configured refusals, scripted scenarios and a tracking simulation (sandbox-simulator).
 * SANDBOX_LITE is the same carrier without cancellation and document upload.
 */
export class SandboxCarrier implements Carrier {
  readonly capabilities: CarrierCapabilities;

  constructor(
    readonly code: Extract<CarrierCode, 'SANDBOX' | 'SANDBOX_LITE'>,
    private readonly store: SandboxStore,
    private readonly labelRenderer: PdfLabelRenderer = new PdfLabelRenderer(),
  ) {
    const full = code === 'SANDBOX';
    this.capabilities = {
      cancellation: full,
      collectionScheduling: true,
      documentUpload: full,
      labelFormats: ['carrier_pdf'],
    };
  }

  requirements(account: CarrierAccount): CarrierRequirements {
    return sandboxRequirements(account);
  }

  async book(request: BookingRequest): Promise<CarrierOutcome<CarrierBooking>> {
    const { account, shipment } = request;
    await delay(Number(account.property.BOOKING_LATENCY_MS ?? DEFAULT_LATENCY_MS));
    const scenario = scenarioOf(shipment.content.custom_attributes);
    if (!scenario) {
      return { ok: false, errors: [carrierError('BOOKING', 'custom_attribute_value_invalid',
        `sandbox_scenario must be one of ${SANDBOX_SCENARIOS.join(', ')}`, 'custom_attributes.sandbox_scenario')] };
    }
    if (scenario === 'rejected_at_booking') {
      return { ok: false, errors: [carrierError('BOOKING', 'required_data_invalid',
        'The sandbox carrier rejected the booking (scenario rejected_at_booking)')] };
    }
    const rejections = sandboxRejections(account.property, shipment.content);
    if (rejections.length > 0) return { ok: false, errors: rejections };
    const row = await this.store.recordBooking({
      request_id: request.requestId,
      tenant_id: shipment.tenantId,
      carrier_account_id: account.carrierAccountId,
      shipment_id: shipment.shipmentId,
      tracking_no: this.trackingNumber(request.requestId),
      scenario,
      at: new Date(),
      step_seconds: Number(account.property.TRACKING_STEP_SECONDS ?? DEFAULT_STEP_SECONDS),
    });
    return {
      ok: true,
      value: {
        trackingNo: row.tracking_no,
        parcelTrackingNumbers: (shipment.content.parcels ?? []).map((parcel, index) => ({
          parcel_id: parcel.parcel_id ?? String(index + 1),
          tracking_number: `${row.tracking_no}-${index + 1}`,
        })),
        carrierReference: `SBX-REF-${row.request_id.slice(0, 8)}`,
      },
    };
  }

  async cancel(booking: BookedShipmentRef): Promise<CarrierOutcome<true>> {
    if (!this.capabilities.cancellation) return unsupported('CANCELLATION', 'cancellation');
    const row = await this.store.booking(booking.requestId);
    if (!row) return { ok: false, errors: [carrierError('CANCELLATION', 'booking_not_found', `No sandbox booking ${booking.trackingNo}`)] };
    if (row.status === 'finished' || row.steps_reported > 0) {
      return { ok: false, errors: [carrierError('CANCELLATION', 'status_change_not_allowed', 'The sandbox carrier has already collected the shipment')] };
    }
    await this.store.setStatus(booking.requestId, 'cancelled');
    return { ok: true, value: true };
  }

  async fetchLabel(booking: BookedShipmentRef): Promise<Buffer> {
    return this.labelRenderer.render({ issuer: `${this.code} carrier`, trackingNo: booking.trackingNo, shipment: booking.shipment });
  }

  async scheduleCollection(booking: BookedShipmentRef): Promise<CarrierOutcome<true>> {
    const collection = booking.shipment.content.collection;
    const now = await this.store.now(booking.shipment.tenantId);
    const from = collection?.scheduled_from ?? collection?.scheduled_date ?? now.toISOString();
    const to = collection?.scheduled_to ?? new Date(new Date(from).getTime() + 4 * 3600_000).toISOString();
    await this.store.scheduleCollection(booking.requestId, from, to);
    return { ok: true, value: true };
  }

  async uploadDocument(booking: BookedShipmentRef, document: CarrierDocument): Promise<CarrierOutcome<true>> {
    if (!this.capabilities.documentUpload) return unsupported('BOOKING', 'document upload');
    if (booking.account.property.REJECT_DOCUMENTS?.toLowerCase() === 'true') {
      return { ok: false, errors: [carrierError('BOOKING', 'document_rejected', 'The sandbox carrier rejected the document')] };
    }
    const sha = createHash('sha256').update(document.content).digest('hex');
    await this.store.recordDocument(booking.shipment.tenantId, booking.trackingNo, document.documentId, sha);
    return { ok: true, value: true };
  }

  async rate(request: RatingRequest): Promise<CarrierOutcome<CarrierRate>> {
    return rateWithSandboxTariff(this.code, request);
  }

  async submitManifest(request: CarrierManifestRequest): Promise<CarrierOutcome<{ reference: string }>> {
    return acceptSandboxManifest(this.code, request);
  }

  private trackingNumber(requestId: string): string {
    const digits = BigInt(`0x${createHash('sha256').update(requestId).digest('hex').slice(0, 15)}`).toString().padStart(12, '0').slice(-12);
    return `${this.code === 'SANDBOX' ? 'SBX' : 'SBL'}${digits}`;
  }
}
