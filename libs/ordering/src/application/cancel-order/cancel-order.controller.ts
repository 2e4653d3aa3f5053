import { Body, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentAuth, RequireScopes, type AuthContext } from '@shipledger/platform';
import { orderMetaFrom } from '../shared/command-meta';
import { CancelOrderRequestDto } from '../shared/dto/fulfillment-request.dto';
import { OrderCommandService } from '../shared/order-command.service';
import { ApiKeyQuery, nowIso, OrdersController, parseKey } from '../shared/order-http';
import { toOrderResponse } from '../shared/order-response';

@OrdersController()
export class CancelOrderController {
  constructor(private readonly orders: OrderCommandService) {}

  @Post(':reference/cancel')
  @HttpCode(200)
  @RequireScopes('update:orders')
  @ApiOperation({ summary: 'Cancel an order (open, allocated, partially_allocated): quantities to 0, FO items cancelled' })
  @ApiKeyQuery()
  @ApiBody({ type: CancelOrderRequestDto, required: false })
  @ApiOkResponse({ description: 'the order' })
  async cancel(
    @CurrentAuth() auth: AuthContext,
    @Param('reference') reference: string,
    @Query('key') key: unknown,
    @Body() body: CancelOrderRequestDto,
  ): Promise<Record<string, unknown>> {
    const reason = body?.cancellation_reason ?? 'OTHER';
    const state = await this.orders.execute(auth.tenantId, reference, parseKey(key),
      () => ({ type: 'CancelOrder', cancellation_reason: reason, at: nowIso(), actor: auth.clientId }), orderMetaFrom(auth));
    return toOrderResponse(state);
  }
}
