import { bucketsOf, coveringRanges, GRAINS } from './time-buckets';

const QUARTER = GRAINS['15m'];

/** The 15-minute slots a set of ranges covers, each as often as it is covered. */
function slotsCovered(ranges: ReturnType<typeof coveringRanges>): number[] {
  const slots: number[] = [];
  for (const { grain, from, to } of ranges) {
    for (let bucket = from; bucket < to; bucket += GRAINS[grain]) {
      for (let slot = bucket; slot < bucket + GRAINS[grain]; slot += QUARTER) slots.push(slot);
    }
  }
  return slots.sort((a, b) => a - b);
}

describe('two-grain time buckets', () => {
  it('puts an instant in its UTC day and its 15-minute bucket', () => {
    expect(bucketsOf('2026-11-02T18:44:59.999Z')).toEqual([
      { grain: 'day', bucket: '2026-11-02T00:00:00.000Z' },
      { grain: '15m', bucket: '2026-11-02T18:30:00.000Z' },
    ]);
  });

  it.each([
    ['UTC, 30 days', '2026-10-05T00:00:00Z', '2026-11-04T00:00:00Z'],
    ['Asia/Kolkata (+05:30), 30 days', '2026-10-04T18:30:00Z', '2026-11-03T18:30:00Z'],
    ['America/St_Johns (−03:30), one day', '2026-11-02T03:30:00Z', '2026-11-03T03:30:00Z'],
    ['Asia/Kathmandu (+05:45), two days', '2026-11-01T18:15:00Z', '2026-11-03T18:15:00Z'],
    ['a 23-hour day within one UTC day', '2026-11-02T00:15:00Z', '2026-11-02T23:15:00Z'],
  ])('covers every 15 minutes of the window exactly once, and nothing outside it (%s)', (_name, start, end) => {
    // Given a window of whole days in some zone
    const window = { start: new Date(start), end: new Date(end) };
    // When the buckets covering it are chosen
    const ranges = coveringRanges(window);
    // Then they tile it: each quarter of an hour once, and no more than a day of 15-minute buckets
    const expected: number[] = [];
    for (let slot = window.start.getTime(); slot < window.end.getTime(); slot += QUARTER) expected.push(slot);
    expect(slotsCovered(ranges)).toEqual(expected);
    const quarters = ranges.filter((r) => r.grain === '15m').reduce((sum, r) => sum + (r.to - r.from) / QUARTER, 0);
    expect(quarters).toBeLessThanOrEqual(96);
  });
});
