import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { CountsTowardsMonthlyQuota, CurrentAuth, RequireScopes, UseErrorArea, type AuthContext } from '@shipledger/platform';
import { ListShipments } from './list-shipments.handler';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, PAGE_SIZE_MIN, parseListShipmentsQuery } from './list-shipments.query';

@ApiTags('shipments')
@UseErrorArea('shipping')
@Controller('shipments')
export class ListShipmentsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @RequireScopes('read:shipments')
  @CountsTowardsMonthlyQuota('shipments_list')
  @ApiOperation({
    summary: 'List and search shipments, newest first',
    description: 'search_string matches a prefix, case-insensitively, of the shipment id, references, tracking '
      + 'number, contact names, phones and e-mails. Counts towards the tenant\'s monthly quota (429 when spent).',
  })
  @ApiQuery({ name: 'search_string', required: false })
  @ApiQuery({ name: 'order_ref', required: false })
  @ApiQuery({ name: 'merchant', required: false, isArray: true, type: String })
  @ApiQuery({ name: 'shipment_type', required: false, enum: ['forward', 'reverse'] })
  @ApiQuery({ name: 'creation_date_from', required: false, type: String, format: 'date-time' })
  @ApiQuery({ name: 'creation_date_to', required: false, type: String, format: 'date-time' })
  @ApiQuery({ name: 'update_date_from', required: false, type: String, format: 'date-time' })
  @ApiQuery({ name: 'update_date_to', required: false, type: String, format: 'date-time' })
  @ApiQuery({ name: 'page', required: false, type: Number, description: 'from 0' })
  @ApiQuery({ name: 'page_size', required: false, type: Number,
    description: `${PAGE_SIZE_MIN} to ${PAGE_SIZE_MAX}, default ${PAGE_SIZE_DEFAULT}` })
  @ApiOkResponse({ description: 'array of shipment' })
  async list(@CurrentAuth() auth: AuthContext, @Query() raw: Record<string, unknown>): Promise<Record<string, unknown>[]> {
    return this.queryBus.execute(new ListShipments(parseListShipmentsQuery(raw), auth));
  }
}
