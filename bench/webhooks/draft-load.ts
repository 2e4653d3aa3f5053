import { randomUUID } from 'node:crypto';
import { confirmedShipmentBody, type ApiTarget } from '../shipments/http-runs';
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
  const prefix = `WH-${randomUUID().slice(0, 8)}`;
  let sequence = 0;
  const { created, errors, fromDue } = await pacedPosts(target, {
    label: 'POST /shipments (draft)',
    path: '/shipments?draft=true',
    next: () => ({ body: confirmedShipmentBody(`${prefix}-${sequence++}`, merchant) }),
  }, perSecond, seconds, maxInFlight);
  return { created, errors, seconds: fromDue.seconds };
}
