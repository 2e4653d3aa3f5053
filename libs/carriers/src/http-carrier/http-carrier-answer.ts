import type { ErrorDetail } from '@shipledger/shipping';
import { carrierError, type CarrierBooking, type CarrierOutcome } from '../carrier/carrier.port';

/** What of a carrier's answer may reach a shipment: short, printable, in the documented shape. */
export const ANSWER_BOUNDS = { errors: 10, codeLength: 64, messageLength: 200, fieldLength: 100, trackingLength: 64, urlLength: 2048, parcels: 100 } as const;

const CODE = /^[a-z][a-z0-9_]*$/;
const FIELD = /^[A-Za-z0-9_.[\]-]+$/;
const TRACKING = /^[\x21-\x7e]+$/;

/** Parses an answer body as JSON; anything else (HTML error pages, binary) counts as no body. */
export function jsonBody(body: Buffer): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value as Record<string, unknown> : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A 4xx answer `{errors: [{code, message, field?}]}` as error_details: at most 10 entries, a code that
 * reads like ours (else `carrier_rejected`), a message cut to 200 printable characters, a field only
 * when it looks like a field path. Nothing else of the body is kept.
 */
export function carrierRejection(trigger: ErrorDetail['trigger'], status: number, body: Record<string, unknown> | undefined): ErrorDetail[] {
  const entries = Array.isArray(body?.errors) ? body.errors.slice(0, ANSWER_BOUNDS.errors) : [];
  const details = entries.filter(isRecord).map((entry) => carrierError(
    trigger,
    typeof entry.code === 'string' && entry.code.length <= ANSWER_BOUNDS.codeLength && CODE.test(entry.code) ? entry.code : 'carrier_rejected',
    printable(entry.message, ANSWER_BOUNDS.messageLength) || 'Rejected by the carrier',
    typeof entry.field === 'string' && entry.field.length <= ANSWER_BOUNDS.fieldLength && FIELD.test(entry.field) ? entry.field : undefined,
  ));
  return details.length > 0 ? details : [carrierError(trigger, 'carrier_rejected', `The carrier answered ${status}`)];
}

/** A 2xx booking answer `{tracking_no, parcel_tracking_numbers?, carrier_reference?, tracking_url?}`. */
export function bookingFrom(body: Record<string, unknown> | undefined): CarrierOutcome<CarrierBooking> {
  const trackingNo = body?.tracking_no;
  if (typeof trackingNo !== 'string' || trackingNo.length > ANSWER_BOUNDS.trackingLength || !TRACKING.test(trackingNo)) {
    return { ok: false, errors: [invalidAnswer('The carrier answered without a valid tracking_no')] };
  }
  const parcels = Array.isArray(body!.parcel_tracking_numbers) ? body!.parcel_tracking_numbers.slice(0, ANSWER_BOUNDS.parcels) : [];
  const trackingUrl = body!.tracking_url;
  return {
    ok: true,
    value: {
      trackingNo,
      parcelTrackingNumbers: parcels.filter(isRecord).flatMap((p) => {
        const parcelId = printable(p.parcel_id, ANSWER_BOUNDS.fieldLength);
        const number = typeof p.tracking_number === 'string' && p.tracking_number.length <= ANSWER_BOUNDS.trackingLength && TRACKING.test(p.tracking_number)
          ? p.tracking_number : '';
        return parcelId && number ? [{ parcel_id: parcelId, tracking_number: number }] : [];
      }),
      carrierReference: printable(body!.carrier_reference, ANSWER_BOUNDS.trackingLength) || undefined,
      trackingUrl: typeof trackingUrl === 'string' && trackingUrl.length <= ANSWER_BOUNDS.urlLength && /^https?:\/\/[\x21-\x7e]+$/.test(trackingUrl)
        ? trackingUrl : undefined,
    },
  };
}

export function invalidAnswer(message: string): ErrorDetail {
  return carrierError('BOOKING', 'carrier_response_invalid', message, undefined, 'TECHNICAL');
}

/** Control characters and lone surrogates out, whitespace folded, cut to `max` code points; '' for a non-string. */
function printable(value: unknown, max: number): string {
  if (typeof value !== 'string') return '';
  const clean = value
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, ' ')
    .replace(/\s+/g, ' ').trim();
  return Array.from(clean).slice(0, max).join('').trim();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
