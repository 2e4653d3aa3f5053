/** How long a state read for a decision is handed to the write that follows it, and how many are kept. */
const HANDOFF_MS = 1_000;
const HANDOFF_MAX = 10_000;

/**
 * States just read, handed once to the write that follows (an order create reads the levels to
 * allocate, then records its reservations milliseconds later). A level handed over is only the first
 * guess of `handle`: the append is at its revision, so a stale one costs a re-read, never a wrong
 * decision.
 */
export class Handoff<T> {
  private readonly entries = new Map<string, { value: T; at: number }>();

  put(key: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, { value, at: Date.now() });
    if (this.entries.size > HANDOFF_MAX) this.entries.delete(this.entries.keys().next().value!);
  }

  take(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    return Date.now() - entry.at <= HANDOFF_MS ? entry.value : undefined;
  }
}
