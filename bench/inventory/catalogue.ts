import { Agent, request } from 'undici';
import type { ApiTarget } from '../shipments/http-runs';

const agent = new Agent({ connect: { rejectUnauthorized: false }, connections: 4 });

export async function call(target: ApiTarget, method: string, path: string, body?: unknown): Promise<any> {
  const response = await request(`${target.baseUrl}${path}`, {
    method: method as 'GET',
    headers: { ...target.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    dispatcher: agent,
  });
  const answer = await response.body.json();
  if (response.statusCode >= 300) throw new Error(`${method} ${path}: ${response.statusCode} ${JSON.stringify(answer)}`);
  return answer;
}

/** `count` locations of the merchant with coordinates around Dubai; answers their ids. */
export async function createLocations(target: ApiTarget, merchant: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const created = await call(target, 'POST', '/locations', {
      location_name: `Bench store ${index}`, location_code: `BINV-${index}-${Date.now() % 100000}`, address1: `${index} Bench Road`, city: 'Dubai', country: 'AE',
      contact_name: 'Desk', contact_phone: '+971500000001', merchants: [merchant], coords: `${(24.9 + index * 0.02).toFixed(3)},${(55.0 + index * 0.02).toFixed(3)}`,
    });
    ids.push(created.location_id);
  }
  return ids;
}

/** Sets on_hand of every SKU at every location (0 one time in four, else 1..max), 1,000 lines a request, 4 at a time. */
export async function stockCatalogue(target: ApiTarget, locations: string[], skus: number, max: number): Promise<number> {
  const batches: { location: string; from: number }[] = [];
  for (const location of locations) for (let from = 0; from < skus; from += 1000) batches.push({ location, from });
  let done = 0;
  const worker = async () => {
    for (let batch = batches.shift(); batch; batch = batches.shift()) {
      const items = [];
      for (let sku = batch.from; sku < Math.min(batch.from + 1000, skus); sku++) {
        items.push({ sku: `BSKU-${sku}`, on_hand: Math.random() < 0.25 ? 0 : 1 + Math.floor(Math.random() * max) });
      }
      await call(target, 'POST', '/inventory/set', { location_id: batch.location, items });
      done += items.length;
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return done;
}
