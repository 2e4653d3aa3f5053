import { Body, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery } from '@nestjs/swagger';
import { ConfigurationLookups } from '@shipledger/configuration';
import { CurrentAuth, plainJson, RequireScopes, type AuthContext } from '@shipledger/platform';
import { randomUUID } from 'node:crypto';
import type { FulfillmentOrder, JsonObject, OrderState, ShipmentRequest } from '../../domain/order';
import { orderMetaFrom } from '../shared/command-meta';
import { CreateFulfillmentRequestDto, ShipRequestDto, UnfulfillRequestDto, type ShipmentConfigurationDto } from '../shared/dto/fulfillment-request.dto';
import { OrderCommandService } from '../shared/order-command.service';
import { ApiKeyQuery, nowIso, OrdersController, parseFlag, parseKey } from '../shared/order-http';

import { toOrderResponse } from '../shared/order-response';
import { ShippingCommands } from '@shipledger/shipping';
import { shippedShipments } from '../ports/shipping-order-shipments';

const ADDRESS_FIELDS = ['contact_name', 'company_name', 'contact_phone', 'contact_email', 'address1', 'address2', 'area', 'city', 'state', 'postcode', 'country', 'three_words_address'];

/** The FO operations that create or cancel shipments: fulfill, ship, unfulfill. */
@OrdersController()
export class FulfillmentOrderShippingController {
  constructor(
    private readonly orders: OrderCommandService,
    private readonly locations: ConfigurationLookups,
    private readonly shipping: ShippingCommands,
  ) {}

  /** The FO location's address as the shipment's pickup (partner_location_id and its fields). */
  private async pickup(state: OrderState, foId: string): Promise<JsonObject | undefined> {
    const fo: FulfillmentOrder | undefined = state.fulfillment_orders.find((each) => each.fulfillment_order_id === foId)
      ?? state.fulfillment_orders.find((each) => each.partner_fulfillment_order_reference === foId);
    if (!fo?.location_id) return undefined;
    const location = await this.locations.resolveLocation(state.tenant_id, state.content.merchant, fo.location_id);
    if (!location) return { partner_location_id: fo.location_id };
    const fields = Object.fromEntries(ADDRESS_FIELDS.filter((field) => typeof location.fields[field] === 'string').map((field) => [field, location.fields[field]]));
    return plainJson({ partner_location_id: location.location_id, ...fields, ...(location.coords ? { coords: location.coords } : {}) }) as JsonObject;
  }

  @Post(':reference/fulfillment-orders/:fulfillmentOrderId/fulfill')
  @HttpCode(200)
  @RequireScopes('update:orders')
  @ApiOperation({
    summary: 'Fulfill pending items of an FO: a fulfillment id, and a shipment unless skip_shipping or nothing requires shipping (then closed)',
    description: 'The shipment (pickup from the FO location, dropoff from the shipping address) is created by the order-shipments process '
      + 'manager right after the answer; its id is already linked on the items.',
  })
  @ApiKeyQuery()
  @ApiQuery({ name: 'create_draft_shipment', required: false, type: Boolean })
  @ApiQuery({ name: 'skip_shipping', required: false, type: Boolean })
  @ApiOkResponse({ description: 'the order' })
  async fulfill(
    @CurrentAuth() auth: AuthContext, @Param('reference') reference: string, @Param('fulfillmentOrderId') foId: string,
    @Query('key') key: unknown, @Query('create_draft_shipment') draft: unknown, @Query('skip_shipping') skip: unknown,
    @Body() given: CreateFulfillmentRequestDto,
  ): Promise<Record<string, unknown>> {
    // No body at all reaches here as undefined (the pipe validates it as {}).
    const body = given ?? new CreateFulfillmentRequestDto();
    const [createDraft, skipShipping, at] = [parseFlag(draft, 'create_draft_shipment'), parseFlag(skip, 'skip_shipping'), nowIso()];
    const state = await this.orders.execute(auth.tenantId, reference, parseKey(key), async (current) => ({
      type: 'FulfillFulfillmentOrder',
      fulfillment_order_id: foId,
      line_items: body.line_items?.map(({ id, quantity }) => ({ id, quantity })),
      fulfillment_id: randomUUID(),
      partner_fulfillment_reference: body.partner_fulfillment_reference,
      shipment_id: randomUUID(),
      skip_shipping: skipShipping,
      create_draft_shipment: createDraft,
      shipment_request: shipmentRequest(body),
      pickup: skipShipping ? undefined : await this.pickup(current, foId),
      at, actor: auth.clientId,
    }), orderMetaFrom(auth));
    return toOrderResponse(state);
  }

  @Post(':reference/fulfillment-orders/:fulfillmentOrderId/ship')
  @HttpCode(200)
  @RequireScopes('update:orders')
  @ApiOperation({ summary: 'Ship allocated or fulfilled items (rule 8): a shipment, confirmed unless create_draft_shipment; statuses unchanged' })
  @ApiKeyQuery()
  @ApiQuery({ name: 'create_draft_shipment', required: false, type: Boolean })
  @ApiOkResponse({ description: 'the order' })
  async ship(
    @CurrentAuth() auth: AuthContext, @Param('reference') reference: string, @Param('fulfillmentOrderId') foId: string,
    @Query('key') key: unknown, @Query('create_draft_shipment') draft: unknown, @Body() body: ShipRequestDto,
  ): Promise<Record<string, unknown>> {
    const [createDraft, at] = [parseFlag(draft, 'create_draft_shipment'), nowIso()];
    const state = await this.orders.execute(auth.tenantId, reference, parseKey(key), async (current) => ({
      type: 'ShipFulfillmentOrderLineItems',
      fulfillment_order_id: foId,
      line_items: body.line_items.map(({ id, quantity }) => ({ id, quantity })),
      shipment_id: randomUUID(),
      create_draft_shipment: createDraft,
      shipment_request: shipmentRequest(body),
      pickup: await this.pickup(current, foId),
      at, actor: auth.clientId,
    }), orderMetaFrom(auth));
    return toOrderResponse(state);
  }

  @Post(':reference/fulfillment-orders/:fulfillmentOrderId/unfulfill')
  @HttpCode(200)
  @RequireScopes('update:orders')
  @ApiOperation({ summary: 'Unfulfill fulfillments: items back to allocated, their shipments cancelled; refused once a shipment is shipped' })
  @ApiKeyQuery()
  @ApiOkResponse({ description: 'the order' })
  async unfulfill(
    @CurrentAuth() auth: AuthContext, @Param('reference') reference: string, @Param('fulfillmentOrderId') foId: string,
    @Query('key') key: unknown, @Body() body: UnfulfillRequestDto,
  ): Promise<Record<string, unknown>> {
    const at = nowIso();
    const state = await this.orders.execute(auth.tenantId, reference, parseKey(key), async (current) => {
      const linked = current.fulfillment_orders.flatMap((fo) => fo.line_items)
        .filter((item) => item.fulfillment_id !== undefined && body.fulfillment_ids.includes(item.fulfillment_id))
        .flatMap((item) => item.shipment_ids);
      return {
        type: 'UnfulfillFulfillmentOrder',
        fulfillment_order_id: foId,
        fulfillment_ids: body.fulfillment_ids,
        partner_fulfillment_order_reference: body.partner_fulfillment_order_reference,
        shipped_shipment_ids: await shippedShipments(this.shipping, auth.tenantId, linked),
        at, actor: auth.clientId,
      };
    }, orderMetaFrom(auth));
    return toOrderResponse(state);
  }
}

function shipmentRequest(body: ShipmentConfigurationDto): ShipmentRequest {
  // Mapped once, at the edge: the fields the shipment takes, as plain JSON.
  const { carrier_account, parcels, delivery, payment, pre_booking_info } = body;
  return plainJson({ carrier_account, parcels, delivery, payment, pre_booking_info }) as ShipmentRequest;
}
