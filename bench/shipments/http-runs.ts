import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import type { RunFigures } from './latency-stats';

export interface ApiTarget {
  baseUrl: string;
  headers: Record<string, string>;
}

/** A full confirmed-shipment request; each call gets its own partner_shipment_reference. */
export function confirmedShipmentBody(reference: string, merchant: string, carrierAccountName?: string): Record<string, unknown> {
  return {
    merchant,
    ...(carrierAccountName ? { carrier_account: { carrier_account_name: carrierAccountName } } : {}),
    entity_type: 'FORWARD',
    references: { partner_shipment_reference: reference, partner_order_reference: `ORD-${reference}` },
    payment: { payment_mode: 'PRE_PAID', total_amount: 120.5, currency: 'AED' },
    pickup: { contact_name: 'Bench Warehouse', contact_phone: '+971 4 000 0000', contact_email: 'ops@bench.test',
      address1: 'Warehouse 7, Al Quoz', city: 'Dubai', country: 'AE', postcode: '00000' },
    dropoff: { contact_name: 'Bench Customer', contact_phone: '+971 50 000 0000', contact_email: 'customer@bench.test',
      address1: 'Tower 1, Marina', city: 'Dubai', country: 'AE', postcode: '00000' },
    parcels: [{ partner_parcel_reference: `P-${reference}`, weight: { value: 1.2, unit: 'kg' },
      dimension: { width: 20, height: 10, depth: 15, unit: 'cm' }, parcel_items: [{ sku: 'SKU-1', quantity: 2 }] }],
    items: [{ sku: 'SKU-1', description: 'Bench item', quantity: 2, price: { amount: 60.25, currency: 'AED' },
      weight: { value: 0.6, unit: 'kg' }, origin_country: 'AE' }],
  };
}

/** References unique to one run: `<tag>-<8 hex>-0`, `-1`, … (each call the next). */
export function uniqueReferences(tag: string): () => string {
  const prefix = `${tag}-${randomUUID().slice(0, 8)}`;
  let sequence = 0;
  return () => `${prefix}-${sequence++}`;
}

/** POST /shipments (confirmed, or drafts with `draft`) `amount` times over HTTPS on `connections` connections. */
export async function createShipmentsRun(
  target: ApiTarget, merchant: string, carrierAccountName: string | undefined, amount: number, connections: number, draft = false,
): Promise<RunFigures> {
  const reference = uniqueReferences('BENCH');
  return postRun(target, {
    label: `POST /shipments (${draft ? 'draft' : 'confirmed'}) HTTPS`,
    path: `/shipments${draft ? '?draft=true' : ''}`,
    next: () => ({ body: confirmedShipmentBody(reference(), merchant, carrierAccountName) }),
  }, amount, connections);
}

export interface PostRun {
  label: string;
  /** The path of every request, unless `next` names one. */
  path: string;
  /** Each request's JSON body and, optionally, its own path. */
  next: () => { path?: string; body: unknown };
  /** Each 2xx answer's body, parsed. */
  onAnswer?: (body: unknown) => void;
}

/** POST `amount` times over HTTPS on `connections` connections, each request as `run.next()` makes it. */
export async function postRun(target: ApiTarget, run: PostRun, amount: number, connections: number): Promise<RunFigures> {
  const clock = responseClock();
  const result = await autocannon({
    url: `${target.baseUrl}${run.path}`,
    connections,
    amount,
    timeout: 30,
    requests: [{
      method: 'POST',
      headers: { ...target.headers, 'content-type': 'application/json' },
      setupRequest: (request) => {
        const { path, body } = run.next();
        return { ...request, ...(path ? { path } : {}), body: JSON.stringify(body) };
      },
      onResponse: (status, body) => {
        clock.onResponse();
        if (run.onAnswer && status >= 200 && status < 300) run.onAnswer(JSON.parse(body));
      },
    }],
  });
  return fromAutocannon(run.label, connections, result, clock);
}

/** GET `amount` times over HTTPS on `connections` connections, each request on the path `nextPath()` gives. */
export async function getRun(
  target: ApiTarget, label: string, nextPath: () => string, amount: number, connections: number,
): Promise<RunFigures> {
  const clock = responseClock();
  const result = await autocannon({
    url: `${target.baseUrl}/shipments`,
    connections,
    amount,
    timeout: 30,
    requests: [{ method: 'GET', headers: target.headers, setupRequest: (request) => ({ ...request, path: nextPath() }), onResponse: clock.onResponse }],
  });
  return fromAutocannon(label, connections, result, clock);
}

/**
 * When the last response arrived. autocannon ends an `amount` run on its next one-second tick, so its
 * own duration can hold up to a second of idle time; throughput is counted to the last response instead.
 */
export function responseClock(): { onResponse: () => void; secondsSince(start: Date): number } {
  let last = 0;
  return {
    onResponse: () => {
      last = Date.now();
    },
    secondsSince: (start) => Math.max(0.001, (last - start.getTime()) / 1000),
  };
}

export function fromAutocannon(label: string, connections: number, result: autocannon.Result, clock: ReturnType<typeof responseClock>): RunFigures {
  const ok = result['2xx'];
  const seconds = clock.secondsSince(result.start);
  return {
    label,
    connections,
    requests: ok,
    errors: result.errors + result.non2xx,
    seconds,
    perSecond: ok / seconds,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
  };
}
