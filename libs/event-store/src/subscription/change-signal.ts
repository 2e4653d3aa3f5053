/**
 * "New events may be readable": a counter that grows on every signal, and waiters that wake when it
 * moves past the value they last read. Reading the counter before a read and waiting on that value
 * afterwards means a signal that lands in between is never lost.
 */
export class ChangeSignal {
  private current = 0;
  private readonly waiters = new Set<() => void>();

  get version(): number {
    return this.current;
  }

  bump(): void {
    this.current += 1;
    for (const wake of [...this.waiters]) wake();
  }

  /** Resolves once the version has moved past `since`, after `timeoutMs`, or on abort. */
  waitForChange(since: number, timeoutMs: number, abort: AbortSignal): Promise<void> {
    if (this.current !== since || abort.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        abort.removeEventListener('abort', done);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      abort.addEventListener('abort', done);
      this.waiters.add(done);
    });
  }
}

const signals = new WeakMap<object, ChangeSignal>();

/** One signal per database handle, so every store on that handle hears the others' appends. */
export function changeSignalFor(owner: object): ChangeSignal {
  let signal = signals.get(owner);
  if (!signal) {
    signal = new ChangeSignal();
    signals.set(owner, signal);
  }
  return signal;
}
