import type { Position } from '@shipledger/event-store';

interface Waiter {
  target: Position;
  resolve: () => void;
  reject: (error: Error) => void;
}

/** How far one projector or reactor has got, and the promises waiting for it to reach a position. */
export class FollowerProgress {
  private current: Position | undefined;
  private stoppedBy: Error | undefined;
  private waiters: Waiter[] = [];

  constructor(readonly name: string) {}

  get position(): Position | undefined {
    return this.current;
  }

  get failure(): Error | undefined {
    return this.stoppedBy;
  }

  advance(position: Position | undefined): void {
    this.current = position;
    if (position === undefined) return;
    const reached = this.waiters.filter((w) => w.target <= position);
    this.waiters = this.waiters.filter((w) => w.target > position);
    for (const w of reached) w.resolve();
  }

  /** Resolves once the follower has processed `target` (positions compare as strings). */
  waitFor(target: Position): Promise<void> {
    if (this.current !== undefined && this.current >= target) return Promise.resolve();
    if (this.stoppedBy) return Promise.reject(this.stoppedBy);
    return new Promise((resolve, reject) => this.waiters.push({ target, resolve, reject }));
  }

  /** The follower stopped for good: every waiter is told why. */
  stop(reason: Error): void {
    this.stoppedBy = reason;
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w.reject(reason);
  }
}
