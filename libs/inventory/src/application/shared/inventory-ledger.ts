import { commandEventMetadata, handle, loadStream, type CommandContext, type Loaded } from '@shipledger/ddd';
import { MAX_READ_LAST_EVENTS, type EventStore, type RecordedEvent } from '@shipledger/event-store';
import {
  evolveLevel, initialLevelState, inventoryLevelDecider, inventorySettingsDecider, levelStreamId, settingsStreamId, type InventoryLevelCommand,
  type InventoryLevelEvent, type InventoryLevelState, type InventorySettings, type PutInventorySettings,
} from '../../domain';
import { Handoff } from './state-handoff';

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

/** Every level event carries the level after it: the last one is the state (no fold of a hot SKU's stream). */
function loadedLevel(last: RecordedEvent | undefined): Loaded<InventoryLevelState> {
  if (!last) return { state: initialLevelState(), revision: 'no_stream' };
  return { state: evolveLevel(initialLevelState(), { type: last.type, data: last.data } as InventoryLevelEvent), revision: last.revision };
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
 * movements, so a refused change leaves every level as it was.
 */
export class InventoryLedger {
  private readonly readSettings = new Map<string, { settings: InventorySettings; at: number }>();
  /** Settings PUT in this process so far: a read started before one is not kept. */
  private settingsWrites = 0;
  private readonly handedLevels = new Handoff<Loaded<InventoryLevelState>>();

  constructor(private readonly eventStore: EventStore) {}

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
   * Levels of several location × SKU pairs (in their order) from their streams' last events, in one read
   * per MAX_READ_LAST_EVENTS pairs; each handed over to a change of it that follows.
   */
  async levels(tenantId: string, places: ReadonlyArray<{ location_id: string; sku: string }>): Promise<InventoryLevelState[]> {
    const streams = places.map((place) => levelStreamId(tenantId, place.location_id, place.sku));
    const lasts = await this.readLastEvents(streams);
    return streams.map((stream) => {
      const loaded = loadedLevel(lasts.get(stream));
      this.handedLevels.put(stream, loaded);
      return loaded.state;
    });
  }

  private async readLastEvents(streams: readonly string[]): Promise<Map<string, RecordedEvent>> {
    const chunks: string[][] = [];
    for (let start = 0; start < streams.length; start += MAX_READ_LAST_EVENTS) chunks.push(streams.slice(start, start + MAX_READ_LAST_EVENTS));
    const reads = await Promise.all(chunks.map((chunk) => this.eventStore.readLastEvents(chunk)));
    return new Map(reads.flatMap((read) => [...read]));
  }

  private async loadLevel(stream: string): Promise<Loaded<InventoryLevelState>> {
    const [last] = await this.eventStore.readStream(stream, { direction: 'backwards', maxCount: 1 });
    return loadedLevel(last);
  }

  /**
   * Applies the changes; answers each level after its change (in their order) and an undo of them all.
   * Changes of distinct levels are decided and appended at once (CONCURRENT_LEVELS streams at a time), so
   * group commit carries their appends in one statement; changes of one level stay in order. Levels not
   * handed over by a read just before are read in one call per wave. A refusal (or any error) lets the
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
        const wave = groups.slice(start, start + CONCURRENT_LEVELS).map(([stream, indices]) => ({ stream, indices, handed: this.handedLevels.take(stream) }));
        const lasts = await this.readLastEvents(wave.filter((group) => !group.handed).map((group) => group.stream));
        const failures = await Promise.all(wave.map(async ({ stream, indices, handed }) => {
          for (const [turn, index] of indices.entries()) {
            const change = changes[index]!;
            try {
              const result = await handle(this.eventStore, inventoryLevelDecider, stream, change, {
                loaded: turn > 0 ? await this.loadLevel(stream) : handed ?? loadedLevel(lasts.get(stream)),
                metadata: (event) => commandEventMetadata(event, change.tenant_id, context, INVENTORY_EVENT_SCHEMA_VERSION),
              });
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
      await handle(this.eventStore, inventoryLevelDecider, levelStreamId(change.tenant_id, change.location_id, change.sku), change, {
        metadata: (event) => commandEventMetadata(event, change.tenant_id, context, INVENTORY_EVENT_SCHEMA_VERSION),
      });
    }
  }
}
