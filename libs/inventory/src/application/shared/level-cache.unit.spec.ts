import { LevelCache } from './level-cache';

const place = (sku: string) => ({ tenant_id: 't-1', location_id: 'L-1', sku });
const level = (on_hand: number, revision: number | 'no_stream') => ({ state: { on_hand, reserved: 0 }, revision });

describe('level cache', () => {
  afterEach(() => jest.restoreAllMocks());

  it('answers a level as it was last stored, by tenant, location and SKU', () => {
    const cache = new LevelCache();
    cache.put(place('X'), level(3, 0));
    expect(cache.get(place('X'))).toEqual(level(3, 0));
    expect(cache.get({ ...place('X'), location_id: 'L-2' })).toBeUndefined();
    expect(cache.get({ ...place('X'), tenant_id: 't-2' })).toBeUndefined();
  });

  it('never replaces a level by one at an older revision (a read that answered after an append)', () => {
    const cache = new LevelCache();
    cache.put(place('X'), level(1, 4));
    cache.put(place('X'), level(9, 3));
    cache.put(place('X'), level(9, 'no_stream'));
    expect(cache.get(place('X'))).toEqual(level(1, 4));
    cache.put(place('X'), level(2, 5));
    expect(cache.get(place('X'))).toEqual(level(2, 5));
  });

  it('keeps at most its bound, dropping the least recently stored level first', () => {
    const cache = new LevelCache({ entries: 2 });
    cache.put(place('X'), level(1, 0));
    cache.put(place('Y'), level(1, 0));
    cache.put(place('X'), level(2, 1));
    cache.put(place('Z'), level(1, 0));
    expect(cache.size).toBe(2);
    expect(cache.get(place('Y'))).toBeUndefined();
    expect(cache.get(place('X'))).toEqual(level(2, 1));
    expect(cache.get(place('Z'))).toEqual(level(1, 0));
  });

  it('answers no level stored longer ago than its trust window, nor one forgotten', () => {
    const cache = new LevelCache({ trustMs: 1_000 });
    const now = Date.now();
    cache.put(place('X'), level(1, 0));
    cache.put(place('Y'), level(1, 0));
    jest.spyOn(Date, 'now').mockReturnValue(now + 1_001);
    expect(cache.get(place('X'))).toBeUndefined();
    cache.put(place('Y'), level(1, 0));
    expect(cache.get(place('Y'))).toEqual(level(1, 0));
    cache.forget(place('Y'));
    expect(cache.get(place('Y'))).toBeUndefined();
  });
});
