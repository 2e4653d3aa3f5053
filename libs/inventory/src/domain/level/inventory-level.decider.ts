import { InventoryRejected } from '../inventory.errors';
import type { InventoryCause, InventoryLevelEvent, InventoryMovementData } from './inventory-level.events';

export interface InventoryLevelState {
  on_hand: number;
  reserved: number;
}

export const initialLevelState = (): InventoryLevelState => ({ on_hand: 0, reserved: 0 });

interface Stamp {
  tenant_id: string;
  location_id: string;
  sku: string;
  cause: InventoryCause;
  at: string;
  actor: string;
}

export type InventoryLevelCommand =
  | Stamp & { type: 'SetOnHand'; on_hand: number }
  | Stamp & { type: 'AdjustOnHand'; delta: number }
  /** An order's movement; `allow_oversell` lets it take available below zero. */
  | Stamp & { type: 'MoveStock'; on_hand_delta: number; reserved_delta: number; allow_oversell: boolean };

/**
 * Which event a movement is, from the signs of its deltas (manual causes, their compensations too, are
 * the set and adjust events; an order's on_hand change is a commit or a restock, with or without reserved).
 */
function eventType(command: InventoryLevelCommand, onHand: number, reserved: number): InventoryLevelEvent['type'] {
  if (command.type === 'SetOnHand') return 'InventoryOnHandSet';
  if (command.type === 'AdjustOnHand' || (reserved === 0 && command.cause.kind === 'manual')) return 'InventoryOnHandAdjusted';
  if (onHand < 0) return 'InventoryCommitted';
  if (onHand > 0) return 'InventoryRestocked';
  return reserved > 0 ? 'InventoryReserved' : 'InventoryReleased';
}

/**
 * Never oversell: a movement that lowers available (on_hand − reserved) below zero is refused unless
 * the merchant allows overselling. Movements that leave available as it was or raise it always pass
 * (an unfulfill returns stock; a release frees it), and a stock count is a fact, never refused.
 */
export function decideLevel(command: InventoryLevelCommand, state: InventoryLevelState): InventoryLevelEvent[] {
  const onHandDelta = command.type === 'SetOnHand' ? command.on_hand - state.on_hand
    : command.type === 'AdjustOnHand' ? command.delta : command.on_hand_delta;
  const reservedDelta = command.type === 'MoveStock' ? command.reserved_delta : 0;
  if (onHandDelta === 0 && reservedDelta === 0 && command.type !== 'SetOnHand') return [];
  const onHand = state.on_hand + onHandDelta;
  const reserved = state.reserved + reservedDelta;
  if (command.type === 'AdjustOnHand' && onHand < 0) {
    throw new InventoryRejected('on_hand_negative', `SKU ${command.sku} at ${command.location_id}: on_hand ${state.on_hand} cannot be lowered by ${-command.delta}`);
  }
  const availableBefore = state.on_hand - state.reserved;
  const availableAfter = onHand - reserved;
  if (command.type === 'MoveStock' && !command.allow_oversell && availableAfter < 0 && availableAfter < availableBefore) {
    throw new InventoryRejected('insufficient_stock', `Insufficient stock of SKU ${command.sku} at location ${command.location_id}: `
      + `${Math.max(availableBefore, 0)} available, ${reservedDelta - onHandDelta} needed`);
  }
  const data: InventoryMovementData = {
    tenant_id: command.tenant_id, location_id: command.location_id, sku: command.sku,
    on_hand_delta: onHandDelta, reserved_delta: reservedDelta, on_hand: onHand, reserved,
    cause: command.cause, at: command.at, actor: command.actor,
  };
  return [{ type: eventType(command, onHandDelta, reservedDelta), data } as InventoryLevelEvent];
}

/** Total: every event carries the level after it. */
export function evolveLevel(_state: InventoryLevelState, event: InventoryLevelEvent): InventoryLevelState {
  return { on_hand: event.data.on_hand, reserved: event.data.reserved };
}

export const inventoryLevelDecider = { decide: decideLevel, evolve: evolveLevel, initialState: initialLevelState };
