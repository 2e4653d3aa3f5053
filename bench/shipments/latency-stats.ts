/** Throughput and latency percentiles of a run, printed the same way for HTTP and raw SQL. */
export interface RunFigures {
  label: string;
  connections: number;
  requests: number;
  errors: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
}

export function percentile(sortedMs: readonly number[], p: number): number {
  if (sortedMs.length === 0) return Number.NaN;
  const index = Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1);
  return sortedMs[Math.max(0, index)] as number;
}

/** The middle value (the upper one of an even count): the rounds' figure the benches print. */
export function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
}

export function figuresFrom(label: string, connections: number, latenciesMs: number[], errors: number, seconds: number): RunFigures {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  return {
    label, connections, requests: latenciesMs.length, errors, seconds,
    perSecond: latenciesMs.length / seconds,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
  };
}

export function formatFigures(f: RunFigures): string {
  return `${f.label.padEnd(34)} c=${String(f.connections).padStart(2)}  ${f.perSecond.toFixed(0).padStart(6)} req/s  `
    + `p50 ${f.p50Ms.toFixed(2).padStart(7)} ms  p99 ${f.p99Ms.toFixed(2).padStart(7)} ms  `
    + `(${f.requests} in ${f.seconds.toFixed(1)} s, ${f.errors} errors)`;
}
