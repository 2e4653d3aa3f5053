import { Body, HttpCode, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentAuth, RequireScopes, type AuthContext } from '@shipledger/platform';
import { orderMetaFrom } from '../shared/command-meta';
import { CreateOrderRequestDto } from '../shared/dto/order-request.dto';
import { OrderCommandService } from '../shared/order-command.service';
import { nowIso, OrdersController } from '../shared/order-http';
import { OrderInputs } from '../shared/order-inputs';
import { toOrderResponse } from '../shared/order-response';

@OrdersController()
export class CreateOrderController {
  constructor(private readonly orders: OrderCommandService, private readonly inputs: OrderInputs) {}

  @Post()
  @HttpCode(201)
  @RequireScopes('create:orders')
  @ApiOperation({
    summary: 'Create an order',
    description: 'With fulfillment_orders the caller places the items (location_id: partner location id, then location code); '
      + 'without, automatic allocation: from inventory when the merchant manages it (docs/api/inventory.md), otherwise one allocated FO '
      + 'at the merchant\'s only location, else one open FO and auto_allocation_failed.',
  })
  @ApiCreatedResponse({ description: 'the order' })
  async create(@CurrentAuth() auth: AuthContext, @Body() body: CreateOrderRequestDto): Promise<Record<string, unknown>> {
    const at = nowIso();
    return toOrderResponse(await this.orders.create(() => this.inputs.create(auth, body, at), orderMetaFrom(auth)));
  }
}
