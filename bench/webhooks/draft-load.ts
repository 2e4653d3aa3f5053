import { randomUUID } from 'node:crypto';
import { Agent, request } from 'undici';
import { confirmedShipmentBody, type ApiTarget } from '../shipments/http-runs';

export interface LoadResult {
  created: number;
  errors: number;
  seconds: number;
}

/**
 * POST /shipments?draft=true at `perSecond` for `seconds` (each draft raises one `draft` webhook), at
 * most `maxInFlight` requests open: a paced load, so the webhook figures are taken at a known rate.
 * The API's certificate is the bench's own throw-away one: not verified here.
 */
export async function draftLoad(target: ApiTarget, merchant: string, perSecond: number, seconds: number, maxInFlight = 64): Promise<LoadResult> {
  const agent = new Agent({ connect: { rejectUnauthorized: false }, connections: maxInFlight });
  const prefix = `WH-${randomUUID().slice(0, 8)}`;
  const total = Math.round(perSecond * seconds);
  const started = Date.now();
  let created = 0;
  let errors = 0;
  let inFlight = 0;
  const running = new Set<Promise<void>>();
  for (let n = 0; n < total; n++) {
    const due = started + (n * 1000) / perSecond;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    while (inFlight >= maxInFlight) await Promise.race(running);
    inFlight++;
    const call = (async () => {
      try {
        const answer = await request(`${target.baseUrl}/shipments?draft=true`, {
          method: 'POST', dispatcher: agent, headers: { ...target.headers, 'content-type': 'application/json' },
          body: JSON.stringify(confirmedShipmentBody(`${prefix}-${n}`, merchant)),
        });
        await answer.body.text();
        if (answer.statusCode === 200) created++;
        else errors++;
      } catch {
        errors++;
      } finally {
        inFlight--;
      }
    })();
    running.add(call);
    void call.finally(() => running.delete(call));
  }
  await Promise.all(running);
  await agent.close();
  return { created, errors, seconds: (Date.now() - started) / 1000 };
}
