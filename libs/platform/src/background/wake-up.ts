/**
 * How a background loop (the webhook sender, the range-replay runner, the booking backlog's drainer) waits
 * for work: until `ms` pass, `signal` aborts, one of the pieces of work in hand settles, or someone calls
 * `wake()`. One wait at a time; a wake with nobody waiting does nothing (the loops keep their own
 * "woken meanwhile" flag where a wake must not be lost).
 */
export class WakeUp {
  private wakeUp: (() => void) | undefined;

  /** Ends the wait under way, if any. */
  wake(): void {
    this.wakeUp?.();
  }

  wait(signal: AbortSignal, ms: number, running: Iterable<Promise<unknown>> = []): Promise<void> {
    return new Promise((resolve) => {
      if (signal.aborted) return resolve();
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        this.wakeUp = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done, { once: true });
      this.wakeUp = done;
      for (const work of running) void work.then(done, done);
    });
  }
}
