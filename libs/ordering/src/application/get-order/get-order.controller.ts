import { Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentAuth, RequireScopes, type AuthContext } from '@shipledger/platform';
import { OrderCommandService } from '../shared/order-command.service';
import { ApiKeyQuery, OrdersController, parseKey } from '../shared/order-http';
import { toOrderResponse } from '../shared/order-response';

@OrdersController()
export class GetOrderController {
  constructor(private readonly orders: OrderCommandService) {}

  @Get(':reference')
  @RequireScopes('read:orders')
  @ApiOperation({ summary: 'An order, rebuilt from its events (never older than the last acknowledged command)' })
  @ApiKeyQuery()
  @ApiOkResponse({ description: 'the order, with its shipments' })
  async get(@CurrentAuth() auth: AuthContext, @Param('reference') reference: string, @Query('key') key: unknown): Promise<Record<string, unknown>> {
    const { state } = await this.orders.get(auth.tenantId, reference, parseKey(key), { merchants: auth.merchants });
    return toOrderResponse(state);
  }
}
