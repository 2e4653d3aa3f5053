import { commandEventMetadata, handle, loadStream, type CommandContext, type Loaded } from '@shipledger/ddd';
import { MAX_READ_LAST_EVENTS, type EventStore, type RecordedEvent } from '@shipledger/event-store';
import {
  evolveLevel, initialLevelState, inventoryLevelDecider, inventorySettingsDecider, levelStreamId, settingsStreamId, type InventoryLevelCommand,
  type InventoryLevelEvent, type InventoryLevelState, type InventorySettings, type PutInventorySettings,
} from '../../domain';

export const INVENTORY_EVENT_SCHEMA_VERSION = 1;

/** A level command with the tenant it belongs to (every one carries tenant, location and SKU). */
export type LevelChange = InventoryLevelCommand;

type Undo = () => Promise<void>;

/** How long a state read for a decision is handed to the write that follows it, and how many are kept. */
const HANDOFF_MS = 1_000;
const HANDOFF_MAX = 10_000;

/**
 * States just read, handed once to the write that follows (an order create reads the settings and the
 * levels to allocate, then records its reservations milliseconds later). A level handed over is only
 * the first guess of `handle`: the append is at its revision, so a stale one costs a re-read, never a
 * wrong decision. Settings handed over are at most HANDOFF_MS old (a PUT in this process drops them).
 */
class Handoff<T> {
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
  private readonly handedSettings = new Handoff<InventorySettings>();
  private readonly handedLevels = new Handoff<Loaded<InventoryLevelState>>();

  constructor(private readonly eventStore: EventStore) {}

  /**
   * The merchant's settings, read from their stream. `handedOver`: the ones this process read for the
   * same merchant less than a second ago (once), as an order create's recording takes its allocation's.
   */
  async settings(tenantId: string, merchant: string, options: { handedOver?: boolean } = {}): Promise<InventorySettings> {
    const stream = settingsStreamId(tenantId, merchant);
    const handed = options.handedOver ? this.handedSettings.take(stream) : undefined;
    if (handed) return handed;
    const settings = (await loadStream(this.eventStore, inventorySettingsDecider, stream)).state.settings;
    this.handedSettings.put(stream, settings);
    return settings;
  }

  async putSettings(command: PutInventorySettings, context: CommandContext): Promise<InventorySettings> {
    this.handedSettings.take(settingsStreamId(command.tenant_id, command.merchant));
    const result = await handle(this.eventStore, inventorySettingsDecider, settingsStreamId(command.tenant_id, command.merchant), command, {
      metadata: (event) => commandEventMetadata(event, command.tenant_id, context, INVENTORY_EVENT_SCHEMA_VERSION),
    });
    return result.state.settings;
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
   * Applies the changes in order; answers each level after its change and an undo of them all. A refusal
   * undoes those already applied, then throws.
   */
  async apply(changes: readonly LevelChange[], context: CommandContext): Promise<{ undo: Undo; levels: InventoryLevelState[] }> {
    const applied: Applied[] = [];
    const levels: InventoryLevelState[] = [];
    try {
      for (const change of changes) {
        const stream = levelStreamId(change.tenant_id, change.location_id, change.sku);
        const result = await handle(this.eventStore, inventoryLevelDecider, stream, change, {
          loaded: this.handedLevels.take(stream) ?? await this.loadLevel(stream),
          metadata: (event) => commandEventMetadata(event, change.tenant_id, context, INVENTORY_EVENT_SCHEMA_VERSION),
        });
        levels.push(result.state);
        for (const event of result.events) applied.push({ change, on_hand_delta: event.data.on_hand_delta, reserved_delta: event.data.reserved_delta });
      }
    } catch (error) {
      await this.undo(applied, context);
      throw error;
    }
    return { undo: () => this.undo(applied, context), levels };
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
