import type { ConfigurationLookups } from '@shipledger/configuration';
import {
  reject, type AllocationRequest, type AutoAllocation, type OrderCommandType, type OrderInventory, type OrderInventoryChange,
} from '@shipledger/ordering';
import { allocate, InventoryRejected, orderMovements, rankLocations, type OrderOperation, type RankedLocation } from '../../domain';
import type { InventoryLedger, LevelChange } from '../shared/inventory-ledger';

const OPERATIONS: Record<OrderCommandType, OrderOperation> = {
  CreateOrder: 'create',
  UpdateOrder: 'update',
  CancelOrder: 'cancel',
  CancelFulfillmentOrderLineItems: 'cancel_line_items',
  FulfillFulfillmentOrder: 'fulfill',
  UnfulfillFulfillmentOrder: 'unfulfill',
  MergeFulfillmentOrders: 'merge',
  SplitFulfillmentOrder: 'split',
  ShipFulfillmentOrderLineItems: 'ship',
  UpdateFulfillmentOrderLocation: 'update_location',
  UpdateFulfillmentOrderDetails: 'update_details',
};

/** The key of a location × SKU in an allocation's map of available units. */
const placeKey = (locationId: string, sku: string) => `${locationId}\u0000${sku}`;

/**
 * The inventory side of ordering's ORDER_INVENTORY port. `allocate` reads the levels of the order's
 * SKUs at the merchant's locations from their streams (never behind a projection) and runs the pure
 * allocation; `record` turns a decision into level movements (rule 3: the order's events folded into
 * what inventory holds for each FO line item, then the decision's events) and appends them, refusing an
 * oversell. A stale read only costs a retry: ordering allocates again when a reservation is refused.
 */
export class InventoryOrderAllocator implements OrderInventory {
  constructor(
    private readonly ledger: InventoryLedger,
    private readonly locations: Pick<ConfigurationLookups, 'locationsForMerchant'>,
  ) {}

  async allocate(request: AllocationRequest): Promise<AutoAllocation | undefined> {
    const settings = await this.ledger.settings(request.tenantId, request.merchant);
    if (!settings.enabled) return undefined;
    const locations = await this.locations.locationsForMerchant(request.tenantId, request.merchant);
    const skus = [...new Set(request.lines.map((line) => line.sku).filter((sku): sku is string => sku !== undefined))];
    const ranked = rankLocations({
      locations: locations.map((location) => ({ location_id: location.location_id, ...(location.coords ? { coords: location.coords } : {}) })),
      priority: settings.location_priority,
      destination: request.destination,
    });
    // Rule 1 prefers the best ranked location when it fills the whole order over every split, so its
    // levels are read first and the other locations only when it does not. Levels come from what this
    // process last read or appended (LevelCache), the others from their streams in one read.
    const available = new Map<string, number>();
    let cached = 0;
    const readLevels = async (places: readonly RankedLocation[], fresh: boolean) => {
      if (places.length === 0) return;
      const pairs = places.flatMap((location) => skus.map((sku) => ({ location_id: location.location_id, sku })));
      const read = await this.ledger.levels(request.tenantId, pairs, { fresh });
      cached += read.cached;
      pairs.forEach((pair, index) => available.set(placeKey(pair.location_id, pair.sku), read.levels[index]!.on_hand - read.levels[index]!.reserved));
    };
    const fills = (location: RankedLocation) =>
      request.lines.every((line) => line.sku === undefined || (available.get(placeKey(location.location_id, line.sku)) ?? 0) >= line.quantity);
    const choose = async (fresh: boolean) => {
      available.clear();
      const best = ranked.slice(0, 1);
      await readLevels(best, fresh);
      let count = best.length === 1 && fills(best[0]!) ? 1 : ranked.length;
      if (count > 1 && !fresh) {
        // Rule 1 needs no location ranked after one that fills the whole order: the first the kept
        // levels show filling it ends the walk; the locations before it with levels not kept are read.
        const unknown: RankedLocation[] = [];
        for (let index = 1; index < ranked.length; index++) {
          const location = ranked[index]!;
          const kept = this.ledger.keptLevels(request.tenantId, skus.map((sku) => ({ location_id: location.location_id, sku })));
          if (kept.some((level) => level === undefined)) {
            unknown.push(location);
            continue;
          }
          kept.forEach((level, at) => available.set(placeKey(location.location_id, skus[at]!), level!.on_hand - level!.reserved));
          cached += kept.length;
          if (fills(location)) {
            count = index + 1;
            break;
          }
        }
        await readLevels(unknown, false);
      } else if (count > 1) {
        await readLevels(ranked.slice(1), fresh);
      }
      return {
        read: count,
        result: allocate({
          lines: request.lines,
          locations: ranked.slice(0, count),
          priority: settings.location_priority,
          destination: request.destination,
          available: (locationId, sku) => available.get(placeKey(locationId, sku)) ?? 0,
          allow_oversell: settings.allow_oversell,
        }),
      };
    };
    // Units placed beyond a location's stock (allow_oversell puts what no location has at the best one).
    const skuOf = new Map(request.lines.map((line) => [line.id, line.sku]));
    const oversold = (placements: ReturnType<typeof allocate>['placements']) => {
      const placed = new Map<string, number>();
      for (const placement of placements) {
        for (const item of placement.line_items) {
          const sku = skuOf.get(item.id);
          if (sku === undefined) continue;
          const key = placeKey(placement.location_id, sku);
          placed.set(key, (placed.get(key) ?? 0) + item.quantity);
        }
      }
      return [...placed].some(([key, units]) => units > (available.get(key) ?? 0));
    };
    let { read, result } = await choose(false);
    // A kept level can be older than its stream (another process restocked it): units are only left
    // unfilled (and the order perhaps cancelled) or oversold on levels read from their streams.
    if (cached > 0 && (result.unfilled.length > 0 || (settings.allow_oversell && oversold(result.placements)))) ({ read, result } = await choose(true));
    for (const location of ranked.slice(read)) {
      result.explanation.considered.push({ location_id: location.location_id, chosen: false, reason: 'not read: a better ranked location fills the whole order' });
    }
    const cancel = settings.cancel_unfillable_orders && result.unfilled.length > 0;
    return {
      fulfillment_orders: result.placements.map((placement) => ({
        fulfillment_order_id: request.newId(),
        location_id: placement.location_id,
        line_items: placement.line_items,
      })),
      explanation: result.explanation,
      ...(cancel ? { cancellation_reason: locations.length === 0 ? 'AUTO_ALLOCATION_FAILED' : 'INVENTORY_OUT_OF_STOCK' } : {}),
    };
  }

  async record(change: OrderInventoryChange): Promise<() => Promise<void>> {
    const merchant = change.after.content.merchant ?? change.before.content.merchant;
    if (merchant === undefined) return async () => undefined;
    const settings = await this.ledger.settings(change.tenantId, merchant);
    if (!settings.enabled) return async () => undefined;
    const operation = OPERATIONS[change.command];
    const changes = orderMovements(change.history, change.events, settings.stock_reduction_timing).map((movement): LevelChange => ({
      type: 'MoveStock',
      tenant_id: change.tenantId,
      location_id: movement.location_id,
      sku: movement.sku,
      on_hand_delta: movement.on_hand_delta,
      reserved_delta: movement.reserved_delta,
      allow_oversell: settings.allow_oversell,
      cause: { kind: 'order', order_id: change.orderId, fulfillment_order_ids: movement.fulfillment_order_ids, operation, merchant },
      at: change.at,
      actor: change.actor,
    }));
    if (changes.length === 0) return async () => undefined;
    try {
      return (await this.ledger.apply(changes, { requestId: change.correlationId, correlationId: change.correlationId })).undo;
    } catch (error) {
      if (error instanceof InventoryRejected && error.code === 'insufficient_stock') throw reject('insufficient_stock', error.message, 'fulfillment_orders');
      throw error;
    }
  }
}
