import type { ErrorDetail } from '@shipledger/shipping';
import type { CarrierAccount } from '../accounts/carrier-account';
import {
  carrierError, unsupported, type BookedShipmentRef, type BookingRequest, type Carrier, type CarrierBooking,
  type CarrierCapabilities, type CarrierOutcome, type CarrierRate,
} from '../carrier/carrier.port';

const TIMEOUT_MS = 10_000;

/**
 * The bridge a real carrier integration plugs into: booking and cancellation go as JSON to the account's
 * `URL` (`{action, request_id, shipment_id, shipment}`, `Authorization: Bearer <API_KEY>`, and the
 * request id as `Idempotency-Key` so the far side can answer a retried booking with the first result).
 * A 2xx answer `{tracking_no, parcel_tracking_numbers?, carrier_reference?, tracking_url?}` books; a 4xx
 * answer `{errors: [{code, message, field?}]}` is a carrier rejection; anything else is TECHNICAL.
 * Rating is not part of the bridge: a quote lists the account with an operation_not_supported error.
 */
export class HttpCarrier implements Carrier {
  readonly code = 'HTTP' as const;
  readonly capabilities: CarrierCapabilities = {
    cancellation: true, collectionScheduling: false, documentUpload: false, labelFormats: [],
  };

  async book(request: BookingRequest): Promise<CarrierOutcome<CarrierBooking>> {
    const answer = await this.call(request.account, 'BOOKING', {
      action: 'book', request_id: request.requestId, shipment_id: request.shipment.shipmentId, shipment: request.shipment.content,
    });
    if (!answer.ok) return answer;
    const body = answer.value;
    if (typeof body.tracking_no !== 'string' || body.tracking_no === '') {
      return { ok: false, errors: [carrierError('BOOKING', 'carrier_response_invalid', 'The carrier answered without a tracking_no', undefined, 'TECHNICAL')] };
    }
    return {
      ok: true,
      value: {
        trackingNo: body.tracking_no,
        parcelTrackingNumbers: Array.isArray(body.parcel_tracking_numbers) ? body.parcel_tracking_numbers as CarrierBooking['parcelTrackingNumbers'] : [],
        carrierReference: typeof body.carrier_reference === 'string' ? body.carrier_reference : undefined,
        trackingUrl: typeof body.tracking_url === 'string' ? body.tracking_url : undefined,
      },
    };
  }

  async cancel(booking: BookedShipmentRef): Promise<CarrierOutcome<true>> {
    const answer = await this.call(booking.account, 'CANCELLATION', {
      action: 'cancel', request_id: booking.requestId, shipment_id: booking.shipment.shipmentId, tracking_no: booking.trackingNo,
    });
    return answer.ok ? { ok: true, value: true } : answer;
  }

  async fetchLabel(): Promise<undefined> {
    return undefined;
  }

  async scheduleCollection(): Promise<CarrierOutcome<true>> {
    return unsupported('SCHEDULING', 'collection scheduling');
  }

  async uploadDocument(): Promise<CarrierOutcome<true>> {
    return unsupported('BOOKING', 'document upload');
  }

  async rate(): Promise<CarrierOutcome<CarrierRate>> {
    return unsupported('BOOKING', 'rating');
  }

  private async call(
    account: CarrierAccount, trigger: ErrorDetail['trigger'], payload: Record<string, unknown>,
  ): Promise<CarrierOutcome<Record<string, unknown>>> {
    const url = account.property.URL;
    if (!url || !/^https?:\/\//.test(url)) {
      return { ok: false, errors: [carrierError(trigger, 'carrier_account_invalid', 'The HTTP carrier account has no URL property')] };
    }
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': String(payload.request_id),
          ...(account.property.API_KEY ? { authorization: `Bearer ${account.property.API_KEY}` } : {}),
        },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new CarrierUnavailableError(`HTTP carrier unreachable: ${(error as Error).message}`);
    }
    const body = await response.json().catch(() => ({})) as Record<string, unknown>;
    if (response.ok) return { ok: true, value: body };
    if (response.status >= 400 && response.status < 500) {
      const errors = Array.isArray(body.errors) ? body.errors as { code?: string; message?: string; field?: string }[] : [];
      return {
        ok: false,
        errors: errors.length > 0
          ? errors.map((e) => carrierError(trigger, e.code ?? 'carrier_rejected', e.message ?? 'Rejected by the carrier', e.field))
          : [carrierError(trigger, 'carrier_rejected', `The carrier answered ${response.status}`)],
      };
    }
    throw new CarrierUnavailableError(`HTTP carrier answered ${response.status}`);
  }
}

/** A transient failure (network, 5xx): the reactor retries rather than recording a verdict. */
export class CarrierUnavailableError extends Error {
  override readonly name = 'CarrierUnavailableError';
}
