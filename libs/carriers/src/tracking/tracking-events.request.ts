import { createHash } from 'node:crypto';
import { isCarrierReportableStatus, isShipmentStatus } from '@shipledger/shipping';
import { ApiError } from '@shipledger/platform';
import type { TrackingUpdate } from './tracking-update';

const MAX_EVENTS = 250;
/** The longest value of each text field of a tracking event (docs/limits.md); longer → 400. */
export const TRACKING_FIELD_MAX: Readonly<Record<string, number>> = {
  tracking_no: 100, status: 50, carrier_status: 100, carrier_status_description: 1000, location: 255, date: 35, event_id: 250,
};

/** Parses `{tracking_no, status, carrier_status, carrier_status_description, location, date, event_id}` (or an array of them). */
export function parseTrackingEvents(
  body: unknown, account: { tenantId: string; carrierAccountId: string; carrier: string },
): TrackingUpdate[] {
  const entries = Array.isArray(body) ? body : [body];
  if (entries.length === 0 || entries.length > MAX_EVENTS) throw ApiError.badRequest(`Send between 1 and ${MAX_EVENTS} tracking events`);
  const problems: string[] = [];
  const updates = entries.map((entry, index): TrackingUpdate | undefined => {
    const at = entries.length > 1 ? `[${index}].` : '';
    if (typeof entry !== 'object' || entry === null) {
      problems.push(`${at}event : must be an object`);
      return undefined;
    }
    const e = entry as Record<string, unknown>;
    for (const [key, max] of Object.entries(TRACKING_FIELD_MAX)) {
      if (typeof e[key] === 'string' && (e[key] as string).length > max) problems.push(`${at}${key} : must be shorter than or equal to ${max} characters`);
    }
    const text = (key: string) => (typeof e[key] === 'string' && e[key] !== '' ? (e[key] as string) : undefined);
    const trackingNo = text('tracking_no');
    if (!trackingNo) problems.push(`${at}tracking_no : must not be blank`);
    const status = text('status');
    if (status !== undefined && (!isShipmentStatus(status) || !isCarrierReportableStatus(status))) problems.push(`${at}status : not a status a carrier can report: ${status}`);
    const date = text('date');
    if (!date || Number.isNaN(Date.parse(date))) problems.push(`${at}date : must be an ISO 8601 date-time`);
    if (!trackingNo || !date || problems.length > 0) return undefined;
    const isoDate = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(date) ? date : `${date}Z`).toISOString();
    return {
      tenantId: account.tenantId,
      carrierAccountId: account.carrierAccountId,
      carrierEventId: text('event_id') ?? createHash('sha256').update(JSON.stringify([trackingNo, status, text('carrier_status'), isoDate])).digest('hex'),
      trackingNo,
      status: status as TrackingUpdate['status'],
      carrierStatus: text('carrier_status'),
      carrierStatusDescription: text('carrier_status_description'),
      location: text('location'),
      date: isoDate,
      actor: `carrier:${account.carrier}`,
    };
  });
  if (problems.length > 0) throw new ApiError(400, problems, 'validation_failed');
  return updates as TrackingUpdate[];
}
