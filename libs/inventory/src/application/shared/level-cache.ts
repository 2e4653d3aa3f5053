import type { Loaded } from '@shipledger/ddd';
import type { InventoryLevelState } from '../../domain';

/**
 * How many levels a process keeps (about 215 bytes each with 36-character tenant and location ids and
 * 10-character SKUs: 200,000 ≈ 43 MB of heap used after GC, measured 2026-11-24), and how long a level this process read or appended answers for a
 * decision without reading it again: a change another process made (another API process, the CLI
 * import) is seen here within LEVEL_TRUST_MS at the latest.
 */
export const LEVEL_CACHE_ENTRIES = 200_000;
export const LEVEL_TRUST_MS = 300_000;

export interface LevelCacheLimits {
  entries: number;
  trustMs: number;
}

/** A level: tenant × location × SKU (one stream each, levelStreamId). */
export interface LevelPlace {
  tenant_id: string;
  location_id: string;
  sku: string;
}

const keyOf = (place: LevelPlace) => `${place.tenant_id}\u0000${place.location_id}\u0000${place.sku}`;

/** 'no_stream' before revision 0: a level never written is older than any of its events. */
const order = (revision: Loaded<InventoryLevelState>['revision']) => (typeof revision === 'number' ? revision : -1);

/**
 * The levels this process last read from their streams or appended to them, by place: each with
 * its state and the revision it is the state at. Only a first guess for a decision: a level is always
 * appended at the revision it was decided on, so a stale one (changed by another process) makes the
 * append miss its revision, and the level is read again and decided again; the cache never decides
 * alone. A state at an older revision than the one kept never replaces it (a read that started before
 * an append of this process and answered after it). Bounded: the least recently stored entry goes
 * first; an entry older than `trustMs` is not answered.
 */
export class LevelCache {
  /** Flat entries (one object each): a level costs its key, this object and the map's slot. */
  private readonly entries = new Map<string, { on_hand: number; reserved: number; revision: number; at: number }>();
  private readonly limits: LevelCacheLimits;

  constructor(limits: Partial<LevelCacheLimits> = {}) {
    this.limits = { entries: limits.entries ?? LEVEL_CACHE_ENTRIES, trustMs: limits.trustMs ?? LEVEL_TRUST_MS };
  }

  get size(): number {
    return this.entries.size;
  }

  get(place: LevelPlace): Loaded<InventoryLevelState> | undefined {
    const key = keyOf(place);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (Date.now() - entry.at > this.limits.trustMs) {
      this.entries.delete(key);
      return undefined;
    }
    return { state: { on_hand: entry.on_hand, reserved: entry.reserved }, revision: entry.revision < 0 ? 'no_stream' : entry.revision };
  }

  put(place: LevelPlace, loaded: Loaded<InventoryLevelState>): void {
    const key = keyOf(place);
    const kept = this.entries.get(key);
    const revision = order(loaded.revision);
    if (kept && kept.revision > revision) return;
    this.entries.delete(key);
    this.entries.set(key, { on_hand: loaded.state.on_hand, reserved: loaded.state.reserved, revision, at: Date.now() });
    if (this.entries.size > this.limits.entries) this.entries.delete(this.entries.keys().next().value!);
  }

  forget(place: LevelPlace): void {
    this.entries.delete(keyOf(place));
  }
}
