import { Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery } from '@nestjs/swagger';
import { CurrentAuth, RequireScopes, type AuthContext } from '@shipledger/platform';
import { OrderMessages, reject } from '../../domain/order';
import { OrderCommandService } from '../shared/order-command.service';
import { ApiKeyQuery, OrdersController, parseKey } from '../shared/order-http';
import { normaliseDateTime } from '../shared/order-request.mapper';
import { orderStreamId } from '../../domain/order/order.streams';
import { toOrderResponse } from '../shared/order-response';
import { orderAsOf, orderTimeline, type OrderHistoryEntry } from './order-timeline';

@OrdersController()
export class OrderHistoryController {
  constructor(private readonly orders: OrderCommandService) {}

  @Get(':reference/history')
  @RequireScopes('read:orders')
  @ApiOperation({
    summary: 'Audit history of an order, or the order as it was at a past instant',
    description: 'Without as_of: every event in order (type, occurred_at, actor, change, resulting_status, revision). '
      + 'With as_of: the order rebuilt from its events up to that instant (404 if it did not exist yet).',
  })
  @ApiKeyQuery()
  @ApiQuery({ name: 'as_of', required: false, type: String, format: 'date-time' })
  @ApiOkResponse({ description: 'array of history entries, or one order with as_of' })
  async history(
    @CurrentAuth() auth: AuthContext,
    @Param('reference') reference: string,
    @Query('key') key: unknown,
    @Query('as_of') rawAsOf: unknown,
  ): Promise<OrderHistoryEntry[] | Record<string, unknown>> {
    const asOf = rawAsOf === undefined ? undefined : parseAsOf(rawAsOf);
    const { state } = await this.orders.get(auth.tenantId, reference, parseKey(key), { merchants: auth.merchants });
    const events = await this.orders.repository.eventStore.readStream(orderStreamId(state.order_id));
    if (asOf === undefined) return orderTimeline(events);
    const then = orderAsOf(events, asOf);
    if (!then) throw reject('order_not_found', `${OrderMessages.notFound(reference)} as of ${asOf}`);
    return toOrderResponse(then);
  }
}

function parseAsOf(raw: unknown): string {
  const text = typeof raw === 'string' ? raw.trim() : '';
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(text);
  const value = dateOnly ? new Date(Date.parse(`${text}T00:00:00.000Z`) + 86_399_999).toISOString() : normaliseDateTime(text);
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(Date.parse(value))) {
    throw reject('validation_failed', 'as_of : must be an ISO 8601 date-time', 'as_of');
  }
  return value;
}
