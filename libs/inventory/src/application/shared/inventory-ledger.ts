import { commandEventMetadata, handle, loadStream, type CommandContext, type HandleResult, type Loaded } from '@shipledger/ddd';
import { MAX_READ_LAST_EVENTS, WrongExpectedRevisionError, type EventStore, type RecordedEvent } from '@shipledger/event-store';
import {
  evolveLevel, initialLevelState, InventoryRejected, inventoryLevelDecider, inventorySettingsDecider, levelStreamId, settingsStreamId,
  type InventoryLevelCommand, type InventoryLevelEvent, type InventoryLevelState, type InventorySettings, type PutInventorySettings,
} from '../../domain';
import { LevelCache, type LevelCacheLimits, type LevelPlace } from './level-cache';

export const INVENTORY_EVENT_SCHEMA_VERSION = 1;

/** A level command with the tenant it belongs to (every one carries tenant, location and SKU). */
export type LevelChange = InventoryLevelCommand;

type Undo = () => Promise<void>;

/**
 * Level streams decided and appended at once by apply: the append batcher puts up to 64 appends in one
 * statement, and a 1,000-line stock set does not take the whole connection pool.
 */
const CONCURRENT_LEVELS = 64;

/**
 * How long settings read from their stream answer without reading it again: a PUT in another process
 * is seen by this one within SETTINGS_FRESH_MS (a PUT in this process at once); how many are kept.
 */
const SETTINGS_FRESH_MS = 1_000;
const SETTINGS_KEPT = 10_000;

const settingsKey = (tenantId: string, merchant: string) => `${tenantId}\u0000${merchant}`;

/** Attempts of one level change whose append misses its revision (as `handle`'s default). */
const LEVEL_ATTEMPTS = 100;

/** Every level event carries the level after it: the last one is the state (no fold of a hot SKU's stream). */
function loadedLevel(last: RecordedEvent | undefined): Loaded<InventoryLevelState> {
  if (!last) return { state: initialLevelState(), revision: 'no_stream' };
  return { state: evolveLevel(initialLevelState(), { type: last.type, data: last.data } as InventoryLevelEvent), revision: last.revision };
}

/** The stream's revision after `count` events were appended at `revision`. */
function revisionAfter(revision: Loaded<InventoryLevelState>['revision'], count: number): Loaded<InventoryLevelState>['revision'] {
  if (count === 0) return revision;
  return (typeof revision === 'number' ? revision : -1) + count;
}

/** A level to decide on, and whether it was read from its stream (or appended) by this call, not taken from the cache. */
interface Guess {
  loaded: Loaded<InventoryLevelState>;
  fresh: boolean;
}

/** A change as it was appended (a set's delta is only known once decided). */
interface Applied {
  change: LevelChange;
  on_hand_delta: number;
  reserved_delta: number;
}

/**
 * The inventory's one way to write: each level through `handle` of @shipledger/ddd on its own stream
 * (tenant × location × SKU) at the revision it was decided on. Invariant: a level's events are appended
 * only on the state they were decided against, so two reservations racing for the last unit cannot
 * both pass the available check: the loser re-decides on the new state and is refused (ADR 0013).
 * Several levels are not one transaction: a refusal after some appends undoes those with compensating
 * movements, so a refused change leaves every level as it was. The levels this process read or appended
 * are kept (LevelCache) and are the first guess of every decision: a stale one makes the append miss its
 * revision, or is read again before a refusal is answered, so a refusal is always decided on a level
 * read from its stream (or just appended) by the call that refuses.
 */
export class InventoryLedger {
  private readonly readSettings = new Map<string, { settings: InventorySettings; at: number }>();
  /** Settings PUT in this process so far: a read started before one is not kept. */
  private settingsWrites = 0;
  private readonly cache: LevelCache;

  constructor(private readonly eventStore: EventStore, cacheLimits: Partial<LevelCacheLimits> = {}) {
    this.cache = new LevelCache(cacheLimits);
  }

  /**
   * The merchant's settings, read from their stream, or as this process read them less than
   * SETTINGS_FRESH_MS ago (every order create and recording asks: one read a second, not one per order).
   * A PUT in this process drops them, so the next call reads the stream.
   */
  async settings(tenantId: string, merchant: string): Promise<InventorySettings> {
    const key = settingsKey(tenantId, merchant);
    const kept = this.readSettings.get(key);
    if (kept && Date.now() - kept.at <= SETTINGS_FRESH_MS) return kept.settings;
    const writes = this.settingsWrites;
    const at = Date.now();
    const settings = (await loadStream(this.eventStore, inventorySettingsDecider, settingsStreamId(tenantId, merchant))).state.settings;
    if (writes === this.settingsWrites) {
      this.readSettings.delete(key);
      this.readSettings.set(key, { settings, at });
      if (this.readSettings.size > SETTINGS_KEPT) this.readSettings.delete(this.readSettings.keys().next().value!);
    }
    return settings;
  }

  async putSettings(command: PutInventorySettings, context: CommandContext): Promise<InventorySettings> {
    const key = settingsKey(command.tenant_id, command.merchant);
    this.settingsWrites++;
    this.readSettings.delete(key);
    try {
      const result = await handle(this.eventStore, inventorySettingsDecider, settingsStreamId(command.tenant_id, command.merchant), command, {
        metadata: (event) => commandEventMetadata(event, command.tenant_id, context, INVENTORY_EVENT_SCHEMA_VERSION),
      });
      return result.state.settings;
    } finally {
      this.settingsWrites++;
      this.readSettings.delete(key);
    }
  }

  /**
   * Levels of several location × SKU pairs (in their order): as this process last read or appended them
   * (`cached` counts those), the others from their streams' last events, in one read per
   * MAX_READ_LAST_EVENTS pairs. `fresh` reads every one from its stream. Each level read is kept.
   */
  async levels(
    tenantId: string,
    places: ReadonlyArray<{ location_id: string; sku: string }>,
    options: { fresh?: boolean } = {},
  ): Promise<{ levels: InventoryLevelState[]; cached: number }> {
    const levelPlaces = places.map((place) => ({ tenant_id: tenantId, location_id: place.location_id, sku: place.sku }));
    const kept = levelPlaces.map((place) => (options.fresh ? undefined : this.cache.get(place)));
    const streams = new Map<number, string>();
    levelPlaces.forEach((place, index) => {
      if (kept[index] === undefined) streams.set(index, levelStreamId(tenantId, place.location_id, place.sku));
    });
    const lasts = await this.readLastEvents([...streams.values()]);
    let cached = 0;
    const levels = levelPlaces.map((place, index) => {
      const known = kept[index];
      if (known) {
        cached++;
        return known.state;
      }
      const loaded = loadedLevel(lasts.get(streams.get(index)!));
      this.cache.put(place, loaded);
      return loaded.state;
    });
    return { levels, cached };
  }

  /** Levels of location × SKU pairs (in their order) as this process keeps them; undefined for the others. Reads nothing. */
  keptLevels(tenantId: string, places: ReadonlyArray<{ location_id: string; sku: string }>): Array<InventoryLevelState | undefined> {
    return places.map((place) => this.cache.get({ tenant_id: tenantId, location_id: place.location_id, sku: place.sku })?.state);
  }

  private async readLastEvents(streams: readonly string[]): Promise<Map<string, RecordedEvent>> {
    if (streams.length === 0) return new Map();
    const chunks: string[][] = [];
    for (let start = 0; start < streams.length; start += MAX_READ_LAST_EVENTS) chunks.push(streams.slice(start, start + MAX_READ_LAST_EVENTS));
    const reads = await Promise.all(chunks.map((chunk) => this.eventStore.readLastEvents(chunk)));
    return new Map(reads.flatMap((read) => [...read]));
  }

  /** One level from its stream's last event, kept. */
  private async readLevel(stream: string, place: LevelPlace): Promise<Guess> {
    const loaded = loadedLevel((await this.eventStore.readLastEvents([stream])).get(stream));
    this.cache.put(place, loaded);
    return { loaded, fresh: true };
  }

  /**
   * One change of one level through `handle`, decided on `guess` and appended at its revision. An
   * append that misses the revision, or a refusal of a level taken from the cache, reads the level and
   * decides again; the level after the append is kept. Answers the result and the level after it.
   */
  private async changeLevel(stream: string, change: LevelChange, context: CommandContext, guess: Guess): Promise<{
    result: HandleResult<LevelChange, InventoryLevelEvent, InventoryLevelState>;
    after: Guess;
  }> {
    let current = guess;
    for (let attempt = 1; ; attempt++) {
      try {
        const result = await handle(this.eventStore, inventoryLevelDecider, stream, change, {
          loaded: current.loaded,
          maxAttempts: 1,
          metadata: (event) => commandEventMetadata(event, change.tenant_id, context, INVENTORY_EVENT_SCHEMA_VERSION),
        });
        const after = { state: result.state, revision: revisionAfter(current.loaded.revision, result.events.length) };
        if (result.events.length > 0 || current.fresh) this.cache.put(change, after);
        return { result, after: { loaded: after, fresh: true } };
      } catch (error) {
        const stale = error instanceof WrongExpectedRevisionError || (error instanceof InventoryRejected && !current.fresh);
        if (!stale || attempt >= LEVEL_ATTEMPTS) {
          if (error instanceof WrongExpectedRevisionError) this.cache.forget(change);
          throw error;
        }
        current = await this.readLevel(stream, change);
      }
    }
  }

  /**
   * Applies the changes; answers each level after its change (in their order) and an undo of them all.
   * Changes of distinct levels are decided and appended at once (CONCURRENT_LEVELS streams at a time), so
   * group commit carries their appends in one statement; changes of one level stay in order. Levels this
   * process does not keep are read in one call per wave. A refusal (or any error) lets the
   * wave's other appends finish, undoes every change applied, then throws the error of the first
   * change (in their order) that failed; later waves are not started.
   */
  async apply(changes: readonly LevelChange[], context: CommandContext): Promise<{ undo: Undo; levels: InventoryLevelState[] }> {
    const outcomes: Array<{ level: InventoryLevelState; applied: Applied[] }> = [];
    const appliedSoFar = () => outcomes.flatMap((outcome) => outcome?.applied ?? []);
    const byStream = new Map<string, number[]>();
    changes.forEach((change, index) => {
      const stream = levelStreamId(change.tenant_id, change.location_id, change.sku);
      byStream.set(stream, [...(byStream.get(stream) ?? []), index]);
    });
    const groups = [...byStream];
    try {
      for (let start = 0; start < groups.length; start += CONCURRENT_LEVELS) {
        const wave = groups.slice(start, start + CONCURRENT_LEVELS).map(([stream, indices]) => ({ stream, indices, kept: this.cache.get(changes[indices[0]!]!) }));
        const lasts = await this.readLastEvents(wave.filter((group) => !group.kept).map((group) => group.stream));
        const failures = await Promise.all(wave.map(async ({ stream, indices, kept }) => {
          let guess: Guess = kept ? { loaded: kept, fresh: false } : { loaded: loadedLevel(lasts.get(stream)), fresh: true };
          if (!kept) this.cache.put(changes[indices[0]!]!, guess.loaded);
          for (const index of indices) {
            const change = changes[index]!;
            try {
              const { result, after } = await this.changeLevel(stream, change, context, guess);
              guess = after;
              outcomes[index] = {
                level: result.state,
                applied: result.events.map((event) => ({ change, on_hand_delta: event.data.on_hand_delta, reserved_delta: event.data.reserved_delta })),
              };
            } catch (error) {
              return { index, error };
            }
          }
          return undefined;
        }));
        const [first] = failures.filter((failure) => failure !== undefined).sort((a, b) => a.index - b.index);
        if (first) throw first.error;
      }
    } catch (error) {
      await this.undo(appliedSoFar(), context);
      throw error;
    }
    const applied = appliedSoFar();
    return { undo: () => this.undo(applied, context), levels: outcomes.map((outcome) => outcome.level) };
  }

  /** Compensating movements, newest first; never refused (they give back what was taken). */
  private async undo(applied: readonly Applied[], context: CommandContext): Promise<void> {
    const reversed = [...applied].reverse().map(({ change, on_hand_delta, reserved_delta }): LevelChange => {
      const cause = change.cause.kind === 'order'
        ? { ...change.cause, operation: 'compensation' as const }
        : { ...change.cause, reason: 'compensation: the request was refused as a whole' };
      const { tenant_id, location_id, sku, at, actor } = change;
      return { type: 'MoveStock', tenant_id, location_id, sku, at, actor, cause, on_hand_delta: -on_hand_delta, reserved_delta: -reserved_delta, allow_oversell: true };
    });
    for (const change of reversed) {
      const stream = levelStreamId(change.tenant_id, change.location_id, change.sku);
      const kept = this.cache.get(change);
      await this.changeLevel(stream, change, context, kept ? { loaded: kept, fresh: false } : await this.readLevel(stream, change));
    }
  }
}
