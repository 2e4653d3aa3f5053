import { Body, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ApiError, ApiValidationPipe, CurrentAuth, RequireScopes, type AuthContext } from '@shipledger/platform';
import { orderMetaFrom } from '../shared/command-meta';
import { BulkImportRequestDto } from '../shared/dto/fulfillment-request.dto';
import { CreateOrderRequestDto } from '../shared/dto/order-request.dto';
import { toOrderApiError } from '../shared/order-errors.filter';
import { OrderCommandService } from '../shared/order-command.service';
import { nowIso, OrdersController } from '../shared/order-http';
import { OrderInputs } from '../shared/order-inputs';
import { toOrderResponse } from '../shared/order-response';

export interface BulkImportItem {
  order: Record<string, unknown> | null;
  error: string | null;
  partner_order_reference: string | null;
}

@OrdersController()
export class BulkImportController {
  private readonly validation = new ApiValidationPipe();

  constructor(private readonly orders: OrderCommandService, private readonly inputs: OrderInputs) {}

  @Post('bulk/import')
  @HttpCode(200)
  @RequireScopes('create:orders')
  @ApiOperation({ summary: 'Create up to 20 orders, each on its own (rule 7): one failure does not stop the rest' })
  @ApiOkResponse({ description: 'one {order, error, partner_order_reference} per request, in order' })
  async import(@CurrentAuth() auth: AuthContext, @Body() body: BulkImportRequestDto): Promise<BulkImportItem[]> {
    const items: BulkImportItem[] = [];
    // One after the other: each is independent, and the order of the answers is the order of the requests.
    for (const request of body.order_requests) items.push(await this.importOne(auth, request));
    return items;
  }

  private async importOne(auth: AuthContext, request: Record<string, unknown>): Promise<BulkImportItem> {
    const reference = typeof request.partner_order_reference === 'string' ? request.partner_order_reference : null;
    try {
      const dto = await this.validation.transform(request, { type: 'body', metatype: CreateOrderRequestDto }) as CreateOrderRequestDto;
      const state = await this.orders.create(() => this.inputs.create(auth, dto, nowIso()), orderMetaFrom(auth));
      return { order: toOrderResponse(state), error: null, partner_order_reference: reference };
    } catch (error) {
      const answered = toOrderApiError(error);
      if (!(answered instanceof ApiError) || answered.status >= 500) throw error;
      return { order: null, error: answered.messages[0] ?? answered.message, partner_order_reference: reference };
    }
  }
}
