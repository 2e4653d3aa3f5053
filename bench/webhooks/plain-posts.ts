import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { OutboundClient, loadOutboundConfig, parseAllowedCidrs } from '@shipledger/platform';
import { figuresFrom, type RunFigures } from '../shipments/latency-stats';

/**
 * The comparison of the same run: `amount` POSTs of `body` to the receiver's /plain at `concurrency`,
 * with no database, no outbox and no signing. `outbound`: through an OutboundClient as the sender uses
 * it (address check, pinned lookup, its kept-alive pool); `keep-alive`: one pooled undici
 * agent — what HTTPS to this receiver costs at best on this machine.
 */
export async function plainPosts(receiverUrl: string, caFile: string, body: string, amount: number, concurrency: number, mode: 'outbound' | 'keep-alive'): Promise<RunFigures> {
  const ca = readFileSync(caFile, 'utf8');
  const url = `${receiverUrl}/plain`;
  const headers = { 'content-type': 'application/json' };
  const outbound = new OutboundClient({ config: { ...loadOutboundConfig({}), allowedCidrs: parseAllowedCidrs('127.0.0.1/32') }, ca });
  const agent = new Agent({ connect: { ca }, connections: concurrency });
  const send = mode === 'outbound'
    ? async () => (await outbound.send({ method: 'POST', url, headers, body })).status
    : async () => {
      const answer = await request(url, { method: 'POST', headers, body, dispatcher: agent });
      await answer.body.text();
      return answer.statusCode;
    };
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const lane = async () => {
    while (next < amount) {
      next++;
      const t0 = performance.now();
      try {
        if ((await send()) === 200) latencies.push(performance.now() - t0);
        else errors++;
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  const seconds = (performance.now() - started) / 1000;
  await agent.close();
  return figuresFrom(`plain POST (${mode === 'outbound' ? 'OutboundClient, pooled' : 'keep-alive pool'})`, concurrency, latencies, errors, seconds);
}
