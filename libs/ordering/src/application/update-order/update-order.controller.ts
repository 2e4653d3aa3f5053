import { Body, Param, Patch, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentAuth, RequireScopes, type AuthContext } from '@shipledger/platform';
import { orderMetaFrom } from '../shared/command-meta';
import { UpdateOrderRequestDto } from '../shared/dto/order-request.dto';
import { OrderCommandService } from '../shared/order-command.service';
import { ApiKeyQuery, nowIso, OrdersController, parseKey } from '../shared/order-http';
import { OrderInputs } from '../shared/order-inputs';
import { toOrderResponse } from '../shared/order-response';

@OrdersController()
export class UpdateOrderController {
  constructor(private readonly orders: OrderCommandService, private readonly inputs: OrderInputs) {}

  @Patch(':reference')
  @RequireScopes('update:orders')
  @ApiOperation({
    summary: 'Update an order (rule 2)',
    description: 'Simple fields change when supplied; line_items replaces all line items (a reduction is recorded as removed '
      + 'quantity); fulfillment_orders replaces all FOs, matched by id or partner reference; fulfilled, cancelled and closed '
      + 'items are kept. Refused for a cancelled order.',
  })
  @ApiKeyQuery()
  @ApiOkResponse({ description: 'the order' })
  @ApiConflictResponse({ description: 'concurrent update: reload and retry' })
  async update(
    @CurrentAuth() auth: AuthContext,
    @Param('reference') reference: string,
    @Query('key') key: unknown,
    @Body() given: UpdateOrderRequestDto,
  ): Promise<Record<string, unknown>> {
    // No body at all reaches here as undefined (the pipe validates it as {}).
    const body = given ?? new UpdateOrderRequestDto();
    const at = nowIso();
    const state = await this.orders.execute(auth.tenantId, reference, parseKey(key),
      (current) => this.inputs.update(auth, body, current, at), orderMetaFrom(auth));
    return toOrderResponse(state);
  }
}
