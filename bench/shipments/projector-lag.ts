import { randomUUID } from 'node:crypto';
import { Agent, request } from 'undici';
import { percentile } from './latency-stats';
import { confirmedShipmentBody, type ApiTarget } from './http-runs';

export interface LagFigures {
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/**
 * How long after POST /shipments answers the shipment shows in GET /shipments: create one, then ask
 * the list for its reference again at once until it is there (the read model is all that is waited
 * for; each probe is a ~1-2 ms GET, so the figure is accurate to about that).
 */
export async function measureProjectorLag(target: ApiTarget, merchant: string, samples: number): Promise<LagFigures> {
  const agent = new Agent({ connect: { rejectUnauthorized: false }, connections: 2 });
  const lags: number[] = [];
  try {
    for (let i = 0; i < samples; i++) {
      const reference = `LAG-${randomUUID()}`;
      const created = await request(`${target.baseUrl}/shipments?draft=true`, {
        method: 'POST', dispatcher: agent,
        headers: { ...target.headers, 'content-type': 'application/json' },
        body: JSON.stringify(confirmedShipmentBody(reference, merchant)),
      });
      await created.body.text();
      if (created.statusCode !== 200) throw new Error(`create answered ${created.statusCode}`);
      const acknowledged = performance.now();
      for (;;) {
        const listed = await request(`${target.baseUrl}/shipments?search_string=${encodeURIComponent(reference)}`, {
          dispatcher: agent, headers: target.headers,
        });
        const body = (await listed.body.json()) as unknown[];
        if (listed.statusCode !== 200) throw new Error(`list answered ${listed.statusCode}`);
        if (body.length > 0) break;
      }
      lags.push(performance.now() - acknowledged);
    }
  } finally {
    await agent.close();
  }
  const sorted = [...lags].sort((a, b) => a - b);
  return { samples, p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99), maxMs: sorted[sorted.length - 1] ?? Number.NaN };
}
