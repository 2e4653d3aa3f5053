import { deciderSpec } from '@shipledger/testing';
import type { InventoryLevelCommand, InventoryLevelState } from './inventory-level.decider';
import { inventoryLevelDecider } from './inventory-level.decider';
import type { InventoryCause, InventoryLevelEvent } from './inventory-level.events';

const spec = deciderSpec<InventoryLevelCommand, InventoryLevelEvent, InventoryLevelState>(inventoryLevelDecider);
const base = { tenant_id: 't', location_id: 'L1', sku: 'X', at: '2026-11-24T07:00:00.000Z', actor: 'c' };
const order: InventoryCause = { kind: 'order', order_id: 'o-1', fulfillment_order_ids: ['fo-1'], operation: 'create' };
const manual: InventoryCause = { kind: 'manual', operation: 'set' };
const level = (type: InventoryLevelEvent['type'], onHandDelta: number, reservedDelta: number, onHand: number, reserved: number, cause: InventoryCause = order): InventoryLevelEvent =>
  ({ type, data: { ...base, on_hand_delta: onHandDelta, reserved_delta: reservedDelta, on_hand: onHand, reserved, cause } }) as InventoryLevelEvent;
const stocked = [level('InventoryOnHandSet', 3, 0, 3, 0, manual)];
const move = (onHand: number, reserved: number, allow = false): InventoryLevelCommand =>
  ({ type: 'MoveStock', ...base, on_hand_delta: onHand, reserved_delta: reserved, allow_oversell: allow, cause: order });

describe('an inventory level', () => {
  it('reserves what is available', () => spec.given(stocked).when(move(0, 3)).then([level('InventoryReserved', 0, 3, 3, 3)]));
  it('refuses a reservation beyond available (never oversell)', () => spec.given(stocked).when(move(0, 4)).thenThrows(/Insufficient stock of SKU X at location L1: 3 available, 4 needed/));
  it('oversells when the merchant allows it', () => spec.given(stocked).when(move(0, 4, true)).then([level('InventoryReserved', 0, 4, 3, 4)]));
  it('releases', () => spec.given([...stocked, level('InventoryReserved', 0, 2, 3, 2)]).when(move(0, -2)).then([level('InventoryReleased', 0, -2, 3, 0)]));
  it('commits a fulfilment (on_hand and reserved down)', () => spec.given([...stocked, level('InventoryReserved', 0, 2, 3, 2)]).when(move(-2, -2)).then([level('InventoryCommitted', -2, -2, 1, 0)]));
  it('restocks an unfulfilment (on_hand and reserved up), even with nothing available', () => spec.given([...stocked, level('InventoryReserved', 0, 3, 3, 3)]).when(move(2, 2)).then([level('InventoryRestocked', 2, 2, 5, 5)]));
  it('restocks an unfulfilment without reserving again (rule 3: on_hand only)', () => spec.given([...stocked, level('InventoryReserved', 0, 3, 3, 3)]).when(move(2, 0)).then([level('InventoryRestocked', 2, 0, 5, 3)]));
  it('commits a fulfilment of units no longer reserved (on_hand only)', () => spec.given(stocked).when(move(-2, 0)).then([level('InventoryCommitted', -2, 0, 1, 0)]));
  it('refuses to commit units no longer reserved beyond available', () => spec.given([...stocked, level('InventoryReserved', 0, 2, 3, 2)]).when(move(-2, 0)).thenThrows(/Insufficient stock of SKU X at location L1: 1 available, 2 needed/));
  it('sets on_hand to a count, the delta recorded', () => spec.given(stocked).when({ type: 'SetOnHand', ...base, on_hand: 1, cause: manual }).then([level('InventoryOnHandSet', -2, 0, 1, 0, manual)]));
  it('refuses an adjustment below zero on_hand', () => spec.given(stocked).when({ type: 'AdjustOnHand', ...base, delta: -4, cause: { kind: 'manual', operation: 'adjust' } }).thenThrows(/cannot be lowered/));
  it('a movement of nothing appends nothing', () => spec.given(stocked).when(move(0, 0)).thenNothing());
});
