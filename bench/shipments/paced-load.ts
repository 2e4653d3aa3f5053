import { Agent, request } from 'undici';
import { figuresFrom, type RunFigures } from './latency-stats';
import type { ApiTarget, PostRun } from './http-runs';

export interface PacedFigures {
  /** Latency from each request's due time: what a client sending at the rate waits (queueing included). */
  fromDue: RunFigures;
  /** Latency from the moment each request was sent. */
  fromSent: RunFigures;
}

/**
 * POSTs at `perSecond`, evenly spaced (request n is due n / perSecond seconds after the start), for
 * `seconds`, with at most `maxInFlight` open: an open-loop load. autocannon's rate mode is not one: each
 * connection sends its share of a second back to back at the start of the second and then pauses, so
 * the server sees a burst every second, and it records each answer with a coordinated-omission
 * correction whose expected interval is 1 ms, which adds a synthetic sample for every millisecond a
 * slow answer took. Here a request that cannot be sent on time (all `maxInFlight` open) waits, and
 * that wait counts in `fromDue`. The API's certificate is the bench's own throw-away one: not verified.
 */
export async function pacedPosts(target: ApiTarget, run: PostRun, perSecond: number, seconds: number, maxInFlight = 16): Promise<PacedFigures> {
  const agent = new Agent({ connect: { rejectUnauthorized: false }, connections: maxInFlight });
  const total = Math.max(1, Math.round(perSecond * seconds));
  const fromDue: number[] = [];
  const fromSent: number[] = [];
  let errors = 0;
  const running = new Set<Promise<void>>();
  const started = performance.now();
  for (let n = 0; n < total; n++) {
    const due = started + (n * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    while (running.size >= maxInFlight) await Promise.race(running);
    const { path, body } = run.next();
    const call = (async () => {
      const sent = performance.now();
      try {
        const answer = await request(`${target.baseUrl}${path ?? run.path}`, {
          method: 'POST', dispatcher: agent, headers: { ...target.headers, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        const text = await answer.body.text();
        const answered = performance.now();
        if (answer.statusCode >= 200 && answer.statusCode < 300) {
          if (run.onAnswer) run.onAnswer(JSON.parse(text));
          fromDue.push(answered - due);
          fromSent.push(answered - sent);
        } else {
          errors++;
        }
      } catch {
        errors++;
      }
    })();
    running.add(call);
    void call.finally(() => running.delete(call));
  }
  await Promise.all(running);
  await agent.close();
  const elapsed = (performance.now() - started) / 1000;
  return {
    fromDue: figuresFrom(`${run.label} paced at ${Math.round(perSecond)}/s`, maxInFlight, fromDue, errors, elapsed),
    fromSent: figuresFrom(`${run.label}, from sending`, maxInFlight, fromSent, errors, elapsed),
  };
}
