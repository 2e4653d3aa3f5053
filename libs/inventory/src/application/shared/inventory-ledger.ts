import { commandEventMetadata, handle, loadStream, type CommandContext } from '@shipledger/ddd';
import type { EventStore } from '@shipledger/event-store';
import {
  inventoryLevelDecider, inventorySettingsDecider, levelStreamId, settingsStreamId, type InventoryLevelCommand, type InventoryLevelState,
  type InventorySettings, type PutInventorySettings,
} from '../../domain';

export const INVENTORY_EVENT_SCHEMA_VERSION = 1;

/** A level command with the tenant it belongs to (every one carries tenant, location and SKU). */
export type LevelChange = InventoryLevelCommand;

type Undo = () => Promise<void>;

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
  constructor(private readonly eventStore: EventStore) {}

  async settings(tenantId: string, merchant: string): Promise<InventorySettings> {
    return (await loadStream(this.eventStore, inventorySettingsDecider, settingsStreamId(tenantId, merchant))).state.settings;
  }

  async putSettings(command: PutInventorySettings, context: CommandContext): Promise<InventorySettings> {
    const result = await handle(this.eventStore, inventorySettingsDecider, settingsStreamId(command.tenant_id, command.merchant), command, {
      metadata: (event) => commandEventMetadata(event, command.tenant_id, context, INVENTORY_EVENT_SCHEMA_VERSION),
    });
    return result.state.settings;
  }

  async level(tenantId: string, locationId: string, sku: string): Promise<InventoryLevelState> {
    return (await loadStream(this.eventStore, inventoryLevelDecider, levelStreamId(tenantId, locationId, sku))).state;
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
        const result = await handle(this.eventStore, inventoryLevelDecider, levelStreamId(change.tenant_id, change.location_id, change.sku), change, {
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
