import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ConfigurationLookups } from '@shipledger/configuration';
import { ApiError, canAccessMerchant, PLATFORM_SERVICES, type AuthContext, type PlatformServices } from '@shipledger/platform';
import {
  linesAfterUpdate, reject, unplacedUnits, type AutoAllocation, type CreateOrder, type FoUpdateInput, type LineItemInput, type OrderContent,
  type OrderState, type RemainderPlacement, type UpdateOrder,
} from '../../domain/order';
import { ORDER_INVENTORY, type OrderInventory, type UnitsToAllocate } from '../ports/order-inventory.port';
import type { CreateOrderRequestDto, UpdateOrderRequestDto } from './dto/order-request.dto';
import { toDelivery, toLineItems, toObjects, toOrderContent, toQuantities } from './order-request.mapper';

/**
 * Turns validated bodies into commands: checks the merchant, resolves every location_id through the
 * configuration context (rule 6: a partner location id, then the merchant's location code), chooses
 * the automatic allocation (the merchant's only location), and draws the new ids.
 */
@Injectable()
export class OrderInputs {
  constructor(
    @Inject(PLATFORM_SERVICES) private readonly platform: PlatformServices,
    private readonly locations: ConfigurationLookups,
    @Inject(ORDER_INVENTORY) private readonly inventory: OrderInventory,
  ) {}

  /** A merchant outside the token's scopes → 403; one the tenant does not have → 400 naming `merchant`. */
  async checkMerchant(auth: AuthContext, merchant: string | undefined): Promise<void> {
    if (merchant === undefined) return;
    if (!canAccessMerchant(auth, merchant)) throw ApiError.forbidden(`Not allowed to act for merchant ${merchant}`);
    if (!(await this.platform.directory.hasMerchant(auth.tenantId, merchant))) {
      throw reject('validation_failed', `merchant : unknown merchant ${merchant}`, 'merchant');
    }
  }

  /** Rule 6. `field` names the request field in the 400. */
  async location(tenantId: string, merchant: string | undefined, value: string, field: string): Promise<string> {
    const found = await this.locations.resolveLocation(tenantId, merchant, value);
    if (!found) throw reject('location_not_found', `No location found with the partner location id or location code: ${value}`, field);
    return found.location_id;
  }

  /** Units the caller's FOs leave out: at the merchant's only location, else open (as before inventory). */
  async remainder(tenantId: string, merchant: string | undefined): Promise<RemainderPlacement> {
    const candidates = merchant === undefined ? [] : await this.locations.locationsForMerchant(tenantId, merchant);
    return { fulfillment_order_id: randomUUID(), ...(candidates.length === 1 ? { location_id: candidates[0]!.location_id } : {}) };
  }

  /**
   * Automatic allocation (rule 1) of `units`: from inventory when the merchant manages it (the remainder
   * then has no location: what stock cannot cover stays open); otherwise the merchant's only location.
   */
  async allocation(tenantId: string, merchant: string | undefined, content: OrderContent, units: UnitsToAllocate[]): Promise<{
    remainder: RemainderPlacement;
    allocation?: AutoAllocation;
  }> {
    const remainderId = randomUUID();
    const coords = content.shipping_address?.coords;
    const destination = coords?.length === 2 ? [coords[0]!, coords[1]!] as [number, number] : undefined;
    const fromStock = merchant === undefined || units.length === 0 ? undefined
      : await this.inventory.allocate({ tenantId, merchant, lines: units, destination, newId: randomUUID });
    if (fromStock) return { remainder: { fulfillment_order_id: remainderId }, allocation: fromStock };
    const candidates = merchant === undefined ? [] : await this.locations.locationsForMerchant(tenantId, merchant);
    const only = candidates.length === 1 ? candidates[0]!.location_id : undefined;
    const reason = only ? 'the merchant\'s only allowed location' : `one of ${candidates.length} allowed locations: without inventory management none is chosen`;
    return {
      remainder: { fulfillment_order_id: remainderId, ...(only ? { location_id: only } : {}) },
      allocation: {
        fulfillment_orders: [],
        explanation: {
          inventory_managed: false,
          strategy: only ? 'single_location' : 'none',
          considered: candidates.map((location) => ({ location_id: location.location_id, chosen: location.location_id === only, reason })),
          unfilled: only ? [] : units.map(({ id, quantity }) => ({ id, quantity })),
        },
      },
    };
  }

  async create(auth: AuthContext, body: CreateOrderRequestDto, at: string): Promise<CreateOrder> {
    await this.checkMerchant(auth, body.merchant);
    const fulfillmentOrders = body.fulfillment_orders === undefined ? undefined : await Promise.all(body.fulfillment_orders.map(async (fo, index) => ({
      fulfillment_order_id: randomUUID(),
      partner_fulfillment_order_reference: fo.partner_fulfillment_order_reference,
      location_id: fo.location_id === undefined ? undefined : await this.location(auth.tenantId, body.merchant, fo.location_id, `fulfillment_orders[${index}].location_id`),
      delivery: toDelivery(fo.delivery),
      service_metadata: toObjects(fo.service_metadata),
      line_items: toQuantities(fo.line_items)!,
    })));
    const content = toOrderContent(body);
    const lineItems = toLineItems(body.line_items);
    return {
      type: 'CreateOrder',
      order_id: randomUUID(),
      tenant_id: auth.tenantId,
      content,
      line_items: lineItems,
      fulfillment_orders: fulfillmentOrders,
      ...(fulfillmentOrders === undefined
        ? await this.allocation(auth.tenantId, body.merchant, content, units(lineItems, lineItems))
        : { remainder: await this.remainder(auth.tenantId, body.merchant) }),
      at,
      actor: auth.clientId,
    };
  }

  /** The update of `current` (locations and allocation are the merchant's after the update). */
  async update(auth: AuthContext, body: UpdateOrderRequestDto, current: OrderState, at: string): Promise<UpdateOrder> {
    await this.checkMerchant(auth, body.merchant);
    const owner = body.merchant ?? current.content.merchant;
    const fulfillmentOrders = body.fulfillment_orders === undefined ? undefined : await Promise.all(body.fulfillment_orders.map(async (fo, index): Promise<FoUpdateInput> => ({
      fulfillment_order_id: fo.fulfillment_order_id,
      partner_fulfillment_order_reference: fo.partner_fulfillment_order_reference,
      new_fulfillment_order_id: randomUUID(),
      location_id: fo.location_id === undefined ? undefined : await this.location(auth.tenantId, owner, fo.location_id, `fulfillment_orders[${index}].location_id`),
      delivery: toDelivery(fo.delivery),
      service_metadata: toObjects(fo.service_metadata),
      line_items: toQuantities(fo.line_items),
    })));
    const changes = toOrderContent(body);
    const lineItems = body.line_items === undefined ? undefined : toLineItems(body.line_items);
    const lines = linesAfterUpdate(current, lineItems);
    const missing = fulfillmentOrders === undefined ? unplacedUnits(lines, current.fulfillment_orders) : [];
    const placement = missing.length > 0
      ? await this.allocation(auth.tenantId, owner, { ...current.content, ...changes }, units(lines, missing))
      : { remainder: await this.remainder(auth.tenantId, owner) };
    return {
      type: 'UpdateOrder',
      changes,
      line_items: lineItems,
      fulfillment_orders: fulfillmentOrders,
      ...placement,
      at,
      actor: auth.clientId,
    };
  }
}


/** The units to place with their SKUs. */
function units(lines: readonly LineItemInput[], missing: readonly { id: string; quantity: number }[]): UnitsToAllocate[] {
  return missing.map(({ id, quantity }) => ({ id, quantity, sku: lines.find((line) => line.id === id)?.sku }));
}
