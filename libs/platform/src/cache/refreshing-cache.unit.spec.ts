import { RefreshingCache, type RefreshingCacheOptions } from './refreshing-cache';

/** A load per call, each answered (or failed) by the test when it chooses: what a slow table read is. */
class Loads {
  readonly started: Array<{ key: string; resolve(value: string): void; reject(error: Error): void }> = [];
  load = (key: string): Promise<string> =>
    new Promise<string>((resolve, reject) => {
      this.started.push({ key, resolve, reject });
    });
  answer(index: number, value: string): Promise<void> {
    this.started[index]!.resolve(value);
    return settle();
  }
  fail(index: number): Promise<void> {
    this.started[index]!.reject(new Error('database down'));
    return settle();
  }
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

function given(options: Partial<RefreshingCacheOptions<string>> = {}) {
  let clock = 1_000_000;
  const loads = new Loads();
  const cache = new RefreshingCache<string, string>({ ttlMs: 5_000, refreshAfterMs: 4_000, maxEntries: 100, now: () => clock, ...options });
  return { cache, loads, get: (key = 'a') => cache.get(key, loads.load), advance: (ms: number) => { clock += ms; } };
}

describe('RefreshingCache', () => {
  it('given a miss, when sixteen callers ask at once, then one load answers all of them', async () => {
    const { get, loads } = given();
    const answers = Promise.all(Array.from({ length: 16 }, () => get()));
    expect(loads.started).toHaveLength(1);
    await loads.answer(0, 'v1');
    expect(await answers).toEqual(Array(16).fill('v1'));
    expect(await get()).toBe('v1');
    expect(loads.started).toHaveLength(1);
  });

  it('given an entry past its refresh age, when callers ask, then they get it at once and one load refreshes it', async () => {
    const { get, loads, advance } = given();
    const first = get();
    await loads.answer(0, 'v1');
    await first;
    advance(4_000);
    expect(await Promise.all([get(), get(), get()])).toEqual(['v1', 'v1', 'v1']);
    expect(loads.started).toHaveLength(2);
    await loads.answer(1, 'v2');
    expect(await get()).toBe('v2');
  });

  // Each row: what happens to the entry's refresh, how far the clock then moves from the entry's load,
  // and whether the next get answers from the cache or waits for a new load.
  const ages: Array<{ refresh: 'none' | 'failed'; at: number; then: 'answered from the cache' | 'loaded again' }> = [
    { refresh: 'none', at: 3_999, then: 'answered from the cache' },
    { refresh: 'none', at: 5_000, then: 'loaded again' },
    { refresh: 'failed', at: 4_500, then: 'answered from the cache' },
    { refresh: 'failed', at: 5_000, then: 'loaded again' },
  ];
  it.each(ages)('given a refresh $refresh, when asked $at ms after the load, then it is $then', async ({ refresh, at, then }) => {
    const { get, loads, advance } = given();
    const first = get();
    await loads.answer(0, 'v1');
    await first;
    if (refresh === 'failed') {
      advance(4_000);
      await get();
      await loads.fail(1);
      advance(at - 4_000);
    } else {
      advance(at);
    }
    const before = loads.started.length;
    const answer = get();
    if (then === 'answered from the cache') {
      expect(await answer).toBe('v1');
    } else {
      expect(loads.started).toHaveLength(before + 1);
      await loads.answer(before, 'v2');
      expect(await answer).toBe('v2');
    }
  });

  it('given a load that fails, when the next caller asks, then it loads again', async () => {
    const { get, loads } = given();
    const first = get();
    await loads.fail(0);
    await expect(first).rejects.toThrow('database down');
    const second = get();
    expect(loads.started).toHaveLength(2);
    await loads.answer(1, 'v1');
    expect(await second).toBe('v1');
  });

  it('given a load in flight, when the key is invalidated, then that load answers its callers but stores nothing', async () => {
    const { cache, get, loads } = given();
    const early = get();
    cache.invalidate('a');
    await loads.answer(0, 'stale');
    expect(await early).toBe('stale');
    const next = get();
    expect(loads.started).toHaveLength(2);
    await loads.answer(1, 'fresh');
    expect(await next).toBe('fresh');
  });

  it('given a load in flight, when reload is asked, then a new load starts and only it is stored', async () => {
    const { cache, get, loads } = given();
    const early = get();
    const forced = cache.reload('a', loads.load);
    expect(loads.started).toHaveLength(2);
    await loads.answer(0, 'older');
    await loads.answer(1, 'newer');
    expect([await early, await forced]).toEqual(['older', 'newer']);
    expect(await get()).toBe('newer');
  });

  it('given values it must not keep, when they load, then each call loads again', async () => {
    const { get, loads } = given({ keep: (value) => value !== 'refused' });
    const first = get();
    await loads.answer(0, 'refused');
    expect(await first).toBe('refused');
    void get();
    expect(loads.started).toHaveLength(2);
  });

  it('given maxEntries, when one more key loads, then the oldest loaded goes', async () => {
    const { cache, get, loads } = given({ maxEntries: 2 });
    for (const [index, key] of ['a', 'b', 'c'].entries()) {
      const answer = get(key);
      await loads.answer(index, key.toUpperCase());
      await answer;
    }
    expect(cache.size).toBe(2);
    void get('a');
    expect(loads.started).toHaveLength(4);
    expect(await get('c')).toBe('C');
  });

  it('refuses a refresh age at or above the time to live', () => {
    expect(() => new RefreshingCache({ ttlMs: 5_000, refreshAfterMs: 5_000, maxEntries: 1 })).toThrow('refreshAfterMs must be below ttlMs');
  });
});
