import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ConfigurationLookups } from '@shipledger/configuration';
import { ApiError, canAccessMerchant, PLATFORM_SERVICES, type AuthContext, type PlatformServices } from '@shipledger/platform';
import { reject, type CreateOrder, type FoUpdateInput, type RemainderPlacement, type UpdateOrder } from '../../domain/order';
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

  /** Automatic allocation until inventory lands: the merchant's only location, else none (open FO). */
  async remainder(tenantId: string, merchant: string | undefined): Promise<RemainderPlacement> {
    const candidates = merchant === undefined ? [] : await this.locations.locationsForMerchant(tenantId, merchant);
    return { fulfillment_order_id: randomUUID(), ...(candidates.length === 1 ? { location_id: candidates[0]!.location_id } : {}) };
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
    return {
      type: 'CreateOrder',
      order_id: randomUUID(),
      tenant_id: auth.tenantId,
      content: toOrderContent(body),
      line_items: toLineItems(body.line_items),
      fulfillment_orders: fulfillmentOrders,
      remainder: await this.remainder(auth.tenantId, body.merchant),
      at,
      actor: auth.clientId,
    };
  }

  /** The update, for an order of `merchant` (locations and allocation are the merchant's after the update). */
  async update(auth: AuthContext, body: UpdateOrderRequestDto, merchant: string | undefined, at: string): Promise<UpdateOrder> {
    await this.checkMerchant(auth, body.merchant);
    const owner = body.merchant ?? merchant;
    const fulfillmentOrders = body.fulfillment_orders === undefined ? undefined : await Promise.all(body.fulfillment_orders.map(async (fo, index): Promise<FoUpdateInput> => ({
      fulfillment_order_id: fo.fulfillment_order_id,
      partner_fulfillment_order_reference: fo.partner_fulfillment_order_reference,
      new_fulfillment_order_id: randomUUID(),
      location_id: fo.location_id === undefined ? undefined : await this.location(auth.tenantId, owner, fo.location_id, `fulfillment_orders[${index}].location_id`),
      delivery: toDelivery(fo.delivery),
      service_metadata: toObjects(fo.service_metadata),
      line_items: toQuantities(fo.line_items),
    })));
    return {
      type: 'UpdateOrder',
      changes: toOrderContent(body),
      line_items: body.line_items === undefined ? undefined : toLineItems(body.line_items),
      fulfillment_orders: fulfillmentOrders,
      remainder: await this.remainder(auth.tenantId, owner),
      at,
      actor: auth.clientId,
    };
  }
}

