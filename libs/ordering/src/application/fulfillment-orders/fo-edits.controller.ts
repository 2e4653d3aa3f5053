import { Body, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentAuth, RequireScopes, type AuthContext } from '@shipledger/platform';
import { randomUUID } from 'node:crypto';
import type { OrderCommand, OrderState } from '../../domain/order';
import { orderMetaFrom } from '../shared/command-meta';
import {
  CancelLineItemsRequestDto, MergeRequestDto, SplitRequestDto, UpdateDetailsRequestDto, UpdateLocationRequestDto,
} from '../shared/dto/fulfillment-request.dto';
import { OrderCommandService } from '../shared/order-command.service';
import { ApiKeyQuery, nowIso, OrdersController, parseKey } from '../shared/order-http';
import { OrderInputs } from '../shared/order-inputs';
import { toQuantities } from '../shared/order-request.mapper';
import { toOrderResponse } from '../shared/order-response';

/** The FO operations that move items between FOs or edit them, without a shipment (merge, split, cancel, location, details). */
@OrdersController()
export class FulfillmentOrderEditsController {
  constructor(private readonly orders: OrderCommandService, private readonly inputs: OrderInputs) {}

  private async run(auth: AuthContext, reference: string, key: unknown, build: (state: OrderState, at: string) => Promise<OrderCommand> | OrderCommand) {
    const at = nowIso();
    const state = await this.orders.execute(auth.tenantId, reference, parseKey(key), (current) => build(current, at), orderMetaFrom(auth));
    return toOrderResponse(state);
  }

  @Post(':reference/fulfillment-orders/merge')
  @HttpCode(200)
  @RequireScopes('update:orders')
  @ApiOperation({ summary: 'Merge source FO items into the destination FO (rule 4); an emptied source is removed' })
  @ApiKeyQuery()
  @ApiOkResponse({ description: 'the order' })
  merge(@CurrentAuth() auth: AuthContext, @Param('reference') reference: string, @Query('key') key: unknown, @Body() body: MergeRequestDto) {
    return this.run(auth, reference, key, (_state, at) => ({
      type: 'MergeFulfillmentOrders',
      source: { ...body.source, line_items: toQuantities(body.source.line_items) },
      destination: { ...body.destination },
      at, actor: auth.clientId,
    }));
  }

  @Post(':reference/fulfillment-orders/:fulfillmentOrderId/split')
  @HttpCode(200)
  @RequireScopes('update:orders')
  @ApiOperation({ summary: 'Split items into a new FO (rule 5): inherits delivery and metadata; location defaults to the original\'s' })
  @ApiKeyQuery()
  @ApiOkResponse({ description: 'the order' })
  split(
    @CurrentAuth() auth: AuthContext, @Param('reference') reference: string, @Param('fulfillmentOrderId') foId: string,
    @Query('key') key: unknown, @Body() body: SplitRequestDto,
  ) {
    return this.run(auth, reference, key, async (state, at) => ({
      type: 'SplitFulfillmentOrder',
      fulfillment_order_id: foId,
      line_items: toQuantities(body.line_items)!,
      new_fulfillment_order_id: randomUUID(),
      location_id: body.location_id === undefined ? undefined : await this.inputs.location(auth.tenantId, state.content.merchant, body.location_id, 'location_id'),
      partner_fulfillment_order_reference: body.partner_fulfillment_order_reference,
      at, actor: auth.clientId,
    }));
  }

  @Post(':reference/fulfillment-orders/:fulfillmentOrderId/cancel')
  @HttpCode(200)
  @RequireScopes('update:orders')
  @ApiOperation({ summary: 'Cancel open or allocated items of an FO; the order lines record the removed quantity' })
  @ApiKeyQuery()
  @ApiOkResponse({ description: 'the order' })
  cancel(
    @CurrentAuth() auth: AuthContext, @Param('reference') reference: string, @Param('fulfillmentOrderId') foId: string,
    @Query('key') key: unknown, @Body() body: CancelLineItemsRequestDto,
  ) {
    return this.run(auth, reference, key, (_state, at) => ({
      type: 'CancelFulfillmentOrderLineItems', fulfillment_order_id: foId, cancellation_reason: body.cancellation_reason,
      line_items: toQuantities(body.line_items)!, at, actor: auth.clientId,
    }));
  }

  @Patch(':reference/fulfillment-orders/:fulfillmentOrderId/update-location')
  @RequireScopes('update:orders')
  @ApiOperation({ summary: 'Move an FO to another location (rule 6: partner location id, then location code); open items become allocated' })
  @ApiKeyQuery()
  @ApiOkResponse({ description: 'the order' })
  updateLocation(
    @CurrentAuth() auth: AuthContext, @Param('reference') reference: string, @Param('fulfillmentOrderId') foId: string,
    @Query('key') key: unknown, @Body() body: UpdateLocationRequestDto,
  ) {
    return this.run(auth, reference, key, async (state, at) => ({
      type: 'UpdateFulfillmentOrderLocation', fulfillment_order_id: foId,
      location_id: await this.inputs.location(auth.tenantId, state.content.merchant, body.location_id, 'location_id'),
      at, actor: auth.clientId,
    }));
  }

  @Patch(':reference/fulfillment-orders/:fulfillmentOrderId')
  @RequireScopes('update:orders')
  @ApiOperation({ summary: 'Update FO details: partner_fulfillment_order_reference, or fulfillments\' partner references (one of them)' })
  @ApiKeyQuery()
  @ApiOkResponse({ description: 'the order' })
  updateDetails(
    @CurrentAuth() auth: AuthContext, @Param('reference') reference: string, @Param('fulfillmentOrderId') foId: string,
    @Query('key') key: unknown, @Body() given: UpdateDetailsRequestDto,
  ) {
    // No body at all reaches here as undefined (the pipe validates it as {}).
    const body = given ?? new UpdateDetailsRequestDto();
    return this.run(auth, reference, key, (_state, at) => ({
      type: 'UpdateFulfillmentOrderDetails', fulfillment_order_id: foId,
      partner_fulfillment_order_reference: body.partner_fulfillment_order_reference,
      fulfillments: body.fulfillments?.map(({ fulfillment_id, partner_fulfillment_reference }) => ({ fulfillment_id, partner_fulfillment_reference })),
      at, actor: auth.clientId,
    }));
  }
}
