/**
 * How long an entry is served and when it is read again. An entry is served for `ttlMs` after its load
 * began; once `refreshAfterMs` of that has passed, the next request still gets it at once and starts
 * the next load in the background, so a steady caller never waits on an expiry.
 */
export interface RefreshingCacheOptions<V> {
  ttlMs: number;
  /** Below ttlMs; default: 80 % of it. */
  refreshAfterMs?: number;
  /** Entries kept at most; past it the oldest loaded goes. */
  maxEntries: number;
  /** Whether a loaded value is kept (false: answered once, the next call loads again). Default: all. */
  keep?: (value: V) => boolean;
  now?: () => number;
}

interface Entry<V> {
  value: V;
  loadedAt: number;
}

/**
 * A per-process cache of values read from the database on the request path (tenants, clients, verified
 * API keys, carrier accounts), made for many requests asking for the same key at once:
 * - **One load per key at a time.** Callers that miss while a load is running wait for that load; before,
 *   every request in flight when an entry expired ran its own (16 at once at 16 connections: for an API
 *   key, 16 scrypt checks of ~50 ms each on a four-thread pool, which held every request for ~0.4 s).
 * - **Refresh ahead.** A hit past refreshAfterMs starts the next load in the background.
 * - **A bounded age.** Nothing is served later than ttlMs after its load began, whatever refreshes fail,
 *   so a change made through another process is seen within ttlMs, as before.
 * - **Invalidation wins.** `invalidate` drops the entry and any load in flight: a load that began before
 *   it never stores its (possibly stale) answer, and the next caller loads afresh.
 */
export class RefreshingCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private readonly loading = new Map<K, Promise<V>>();
  private readonly refreshAfterMs: number;
  private readonly now: () => number;

  constructor(private readonly options: RefreshingCacheOptions<V>) {
    this.refreshAfterMs = options.refreshAfterMs ?? Math.floor(options.ttlMs * 0.8);
    this.now = options.now ?? Date.now;
    if (!(this.refreshAfterMs < options.ttlMs)) throw new Error('refreshAfterMs must be below ttlMs');
  }

  get(key: K, load: (key: K) => Promise<V>): Promise<V> {
    const entry = this.entries.get(key);
    const age = entry ? this.now() - entry.loadedAt : Infinity;
    if (entry && age < this.options.ttlMs) {
      if (age >= this.refreshAfterMs && !this.loading.has(key)) void this.start(key, load).catch(() => undefined);
      return Promise.resolve(entry.value);
    }
    return this.loading.get(key) ?? this.start(key, load);
  }

  /**
   * Loads afresh now, whatever is stored or loading: for a caller that must see what was written before
   * its call (a load already running may have begun before that write). The older load no longer stores.
   */
  reload(key: K, load: (key: K) => Promise<V>): Promise<V> {
    return this.start(key, load);
  }

  invalidate(key: K): void {
    this.entries.delete(key);
    this.loading.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.loading.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private start(key: K, load: (key: K) => Promise<V>): Promise<V> {
    const loadedAt = this.now();
    const pending = load(key);
    this.loading.set(key, pending);
    pending.then(
      (value) => {
        // Only the load still registered stores: one that an invalidate dropped is answered to its own
        // callers and forgotten.
        if (this.loading.get(key) !== pending) return;
        this.loading.delete(key);
        // Deleted first either way: a value not kept leaves no entry, a kept one is re-inserted as the newest.
        this.entries.delete(key);
        if (this.options.keep && !this.options.keep(value)) return;
        if (this.entries.size >= this.options.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
        this.entries.set(key, { value, loadedAt });
      },
      () => {
        if (this.loading.get(key) === pending) this.loading.delete(key);
      },
    );
    return pending;
  }
}
