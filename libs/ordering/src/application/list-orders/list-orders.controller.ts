import { Get, Inject, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery } from '@nestjs/swagger';
import { DATABASE, type Database } from '@shipledger/database';
import { ApiError, CurrentAuth, RequireScopes, type AuthContext } from '@shipledger/platform';
import { listOrders } from '../../read-models/order-list/order-list.queries';
import { OrdersController } from '../shared/order-http';
import { toOrderResponse } from '../shared/order-response';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, PAGE_SIZE_MIN, parseListOrdersQuery } from './list-orders.query';

@OrdersController()
export class ListOrdersController {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  @Get()
  @RequireScopes('read:orders')
  @ApiOperation({ summary: 'List and search orders, newest first (from the order-list read model)' })
  @ApiQuery({ name: 'merchant', required: false, isArray: true, type: String })
  @ApiQuery({ name: 'status', required: false, isArray: true, type: String })
  @ApiQuery({ name: 'partner_order_reference', required: false })
  @ApiQuery({ name: 'order_date_from', required: false, type: String, format: 'date-time' })
  @ApiQuery({ name: 'order_date_to', required: false, type: String, format: 'date-time' })
  @ApiQuery({ name: 'page', required: false, type: Number, description: 'from 0' })
  @ApiQuery({ name: 'page_size', required: false, type: Number, description: `${PAGE_SIZE_MIN} to ${PAGE_SIZE_MAX}, default ${PAGE_SIZE_DEFAULT}` })
  @ApiOkResponse({ description: 'array of order' })
  async list(@CurrentAuth() auth: AuthContext, @Query() raw: Record<string, unknown>): Promise<Record<string, unknown>[]> {
    const query = parseListOrdersQuery(raw);
    if (auth.merchants !== '*') {
      const scope = auth.merchants;
      const outside = query.merchants.filter((merchant) => !scope.includes(merchant));
      if (outside.length > 0) throw ApiError.forbidden(`Forbidden: merchant ${outside.join(', ')} is outside this client's merchant scopes`);
    }
    const states = await listOrders(this.database.kysely, auth.tenantId, query, auth.merchants);
    return states.map(toOrderResponse);
  }
}
