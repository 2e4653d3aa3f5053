import type { ErrorDetail } from '@shipledger/shipping';
import { OutboundError, type OutboundClient } from '@shipledger/platform';
import type { CarrierAccount } from '../accounts/carrier-account';
import {
  CarrierUnavailableError, carrierError, unsupported, type BookedShipmentRef, type BookingRequest, type Carrier, type CarrierBooking,
  type CarrierCapabilities, type CarrierOutcome, type CarrierRate,
} from '../carrier/carrier.port';
import { bookingFrom, carrierRejection, invalidAnswer, jsonBody } from './http-carrier-answer';

/** A carrier answer is a small JSON document; a larger one is aborted (docs/outbound.md). */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * The bridge a real carrier integration plugs into: booking and cancellation go as JSON to the account's
 * `URL` (`{action, request_id, shipment_id, shipment}`, `Authorization: Bearer <API_KEY>`, and the
 * request id as `Idempotency-Key` so the far side can answer a retried booking with the first result).
 * A 2xx answer `{tracking_no, parcel_tracking_numbers?, carrier_reference?, tracking_url?}` books; a 4xx
 * answer `{errors: [{code, message, field?}]}` is a carrier rejection; no answer or a 5xx is transient
 * (CarrierUnavailableError). Every call goes through the outbound guard (docs/outbound.md): a URL it
 * refuses fails the call as `carrier_account_invalid` and is refused already when the account is saved.
 * Rating is not part of the bridge: a quote lists the account with an operation_not_supported error.
 */
export class HttpCarrier implements Carrier {
  readonly code = 'HTTP' as const;
  readonly capabilities: CarrierCapabilities = {
    cancellation: true, collectionScheduling: false, documentUpload: false, labelFormats: [],
  };

  constructor(private readonly outbound: OutboundClient) {}

  async checkAccount(property: Readonly<Record<string, string>>): Promise<string[]> {
    if (!property.URL || property.URL.trim() === '') return ['property.URL : must not be blank'];
    try {
      await this.outbound.check(property.URL);
      return [];
    } catch (error) {
      if (!(error instanceof OutboundError)) throw error;
      return [`property.URL : ${urlProblem(error)}`];
    }
  }

  async book(request: BookingRequest): Promise<CarrierOutcome<CarrierBooking>> {
    const answer = await this.call(request.account, 'BOOKING', {
      action: 'book', request_id: request.requestId, shipment_id: request.shipment.shipmentId, shipment: request.shipment.content,
    });
    return answer.ok ? bookingFrom(answer.value) : answer;
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
  ): Promise<CarrierOutcome<Record<string, unknown> | undefined>> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'idempotency-key': String(payload.request_id),
      ...(account.property.API_KEY ? { authorization: `Bearer ${account.property.API_KEY}` } : {}),
    };
    let answer;
    try {
      answer = await this.outbound.send({
        method: 'POST', url: account.property.URL ?? '', headers, body: JSON.stringify(payload), maxResponseBytes: MAX_ANSWER_BYTES,
      });
    } catch (error) {
      if (!(error instanceof OutboundError)) throw error;
      if (error.transient) throw new CarrierUnavailableError(`HTTP carrier unavailable: ${error.message}`);
      if (error.failure === 'url_invalid' || error.failure === 'address_refused') {
        return { ok: false, errors: [carrierError(trigger, 'carrier_account_invalid', `The HTTP carrier account's URL ${urlProblem(error)}`, undefined, 'TECHNICAL')] };
      }
      return { ok: false, errors: [{ ...invalidAnswer(error.message), trigger }] };
    }
    if (answer.status >= 200 && answer.status < 300) return { ok: true, value: jsonBody(answer.body) };
    if (answer.status >= 400 && answer.status < 500) return { ok: false, errors: carrierRejection(trigger, answer.status, jsonBody(answer.body)) };
    throw new CarrierUnavailableError(`HTTP carrier answered ${answer.status}`);
  }
}

/** One wording for a refused address and a name that does not resolve: no oracle for internal names. */
function urlProblem(error: OutboundError): string {
  return error.failure === 'url_invalid' ? `is not usable: ${error.message}` : 'must be an http(s) URL whose host resolves to an allowed public address';
}
