import { confirmedShipmentBody, uniqueReferences, type ApiTarget } from '../shipments/http-runs';
import { pacedPosts } from '../shipments/paced-load';

export interface LoadResult {
  created: number;
  errors: number;
  seconds: number;
}

/**
 * POST /shipments?draft=true at `perSecond` for `seconds` (each draft raises one `draft` webhook), at
 * most `maxInFlight` requests open: a paced load, so the webhook figures are taken at a known rate.
 */
export async function draftLoad(target: ApiTarget, merchant: string, perSecond: number, seconds: number, maxInFlight = 64): Promise<LoadResult> {
  const reference = uniqueReferences('WH');
  const { fromDue } = await pacedPosts(target, {
    label: 'POST /shipments (draft)',
    path: '/shipments?draft=true',
    next: () => ({ body: confirmedShipmentBody(reference(), merchant) }),
  }, perSecond, seconds, maxInFlight);
  return { created: fromDue.requests, errors: fromDue.errors, seconds: fromDue.seconds };
}
