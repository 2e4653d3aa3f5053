import { addInto, binOf, percentiles, RELATIVE_ERROR, valueOf, type BinCounts, type Histogram } from './duration-histogram';

/** percentile_cont over the exact values: position p × (n − 1), interpolated. */
function exactPercentile(sorted: readonly number[], p: number): number {
  const position = p * (sorted.length - 1);
  const below = Math.floor(position);
  const low = sorted[below]!;
  return position === below ? low : low + (position - below) * (sorted[below + 1]! - low);
}

function histogramOf(durations: readonly number[]): BinCounts {
  const bins: Histogram = {};
  for (const seconds of durations) bins[binOf(seconds)] = (bins[binOf(seconds)] ?? 0) + 1;
  return addInto([], bins);
}

/** A deterministic pseudo-random sequence (no flaky draws). */
function* sequence(seed: number): Generator<number> {
  let state = seed;
  for (;;) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    yield state / 2_147_483_648;
  }
}

describe('lead-time duration histogram', () => {
  it('stands each bin for a value within its relative error of every duration in it, 1 s to 60 days and beyond', () => {
    // Given durations spread over 1 s … 120 days on a log scale
    const random = sequence(7);
    for (let i = 0; i < 20_000; i++) {
      const seconds = Math.exp(random.next().value as number * Math.log(120 * 86_400));
      // When binned, then the bin's value is within the documented error
      expect(Math.abs(valueOf(binOf(seconds)) - seconds) / seconds).toBeLessThanOrEqual(RELATIVE_ERROR + 1e-12);
    }
    expect(RELATIVE_ERROR).toBeLessThan(0.0199);
    // and 60 days need under 400 bins
    expect(binOf(60 * 86_400)).toBeLessThan(400);
  });

  it('counts durations under one second (and negative ones) as 0 s', () => {
    expect([binOf(0.999), binOf(0), binOf(-5)].map(valueOf)).toEqual([0, 0, 0]);
    expect(binOf(1)).toBe(1);
  });

  it.each([
    ['minutes to a day', 1, 86_400, 5_000],
    ['a few values', 30, 4_000, 3],
    ['one value', 721, 721, 1],
    ['days', 86_400, 60 * 86_400, 2_000],
  ])('gives continuous percentiles within the relative error of the exact ones (%s)', (_name, low, high, count) => {
    // Given durations between low and high seconds
    const random = sequence(count);
    const durations = Array.from({ length: count }, () => low + (random.next().value as number) * (high - low)).sort((a, b) => a - b);
    // When the percentiles are read from their histogram
    const { count: counted, values } = percentiles(histogramOf(durations), [0.5, 0.9, 0.99]);
    // Then each is within the documented error of percentile_cont over the durations themselves
    expect(counted).toBe(count);
    [0.5, 0.9, 0.99].forEach((p, i) => {
      const exact = exactPercentile(durations, p);
      expect(Math.abs(values[i]! - exact) / exact).toBeLessThanOrEqual(RELATIVE_ERROR + 1e-12);
    });
  });

  it('sums histograms bin by bin and answers null when empty', () => {
    const summed = addInto(addInto([], { 3: 2, 10: 1 }), { 10: 4, 12: 1 });
    expect(Object.entries(summed)).toEqual([['3', 2], ['10', 5], ['12', 1]]);
    expect(percentiles([], [0.5])).toEqual({ count: 0, values: [null] });
  });
});
