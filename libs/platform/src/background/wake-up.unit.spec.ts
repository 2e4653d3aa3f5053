import { WakeUp } from './wake-up';

/** What ends a wait, each on its own; the wait's own time limit is long, so only that cause can end it. */
const ENDS: ReadonlyArray<[string, (waiter: WakeUp, abort: AbortController, settle: () => void) => void]> = [
  ['a wake', (waiter) => waiter.wake()],
  ['the signal aborting', (_waiter, abort) => abort.abort()],
  ['a piece of work in hand settling', (_waiter, _abort, settle) => settle()],
];

describe('WakeUp: how a background loop waits for work', () => {
  it.each(ENDS)('%s ends the wait at once', async (_cause, end) => {
    // Given a loop waiting up to a minute, with one piece of work in hand
    const waiter = new WakeUp();
    const abort = new AbortController();
    let settle!: () => void;
    const work = new Promise<void>((resolve) => { settle = resolve; });
    const started = Date.now();
    const waiting = waiter.wait(abort.signal, 60_000, [work]);
    // When the cause happens
    end(waiter, abort, settle);
    // Then the wait is over well before its minute
    await waiting;
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('ends after its time when nothing happens, and a wake with nobody waiting is lost, not kept for the next wait', async () => {
    const waiter = new WakeUp();
    waiter.wake();
    const started = Date.now();
    await waiter.wait(new AbortController().signal, 50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('does not wait at all on a signal already aborted', async () => {
    const abort = new AbortController();
    abort.abort();
    const started = Date.now();
    await new WakeUp().wait(abort.signal, 60_000);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
