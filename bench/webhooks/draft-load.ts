import { confirmedShipmentBody, uniqueReferences, type ApiTarget } from '../shipments/http-runs';
import type { RunFigures } from '../shipments/latency-stats';
import { pacedPosts } from '../shipments/paced-load';

/**
 * POST /shipments?draft=true at `perSecond` for `seconds` (each draft raises one `draft` webhook), at
 * most `maxInFlight` requests open: a paced load, so the webhook figures are taken at a known rate.
 * `requests` is the drafts created (2xx), `perSecond` their rate.
 */
export async function draftLoad(target: ApiTarget, merchant: string, perSecond: number, seconds: number, maxInFlight = 64): Promise<RunFigures> {
  const reference = uniqueReferences('WH');
  const { fromDue } = await pacedPosts(target, {
    label: 'POST /shipments (draft)',
    path: '/shipments?draft=true',
    next: () => ({ body: confirmedShipmentBody(reference(), merchant) }),
  }, perSecond, seconds, maxInFlight);
  return fromDue;
}
