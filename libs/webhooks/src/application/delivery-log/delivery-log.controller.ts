import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentAuth, RequireScopes, UseErrorArea, type AuthContext } from '@shipledger/platform';
import { WEBHOOKS_CONTEXT } from '../../webhooks.tokens';
import type { WebhooksContext } from '../../webhooks.context';
import { DeliveryAttemptDto, DeliveryLogQueryDto } from './delivery-log.dto';

/**
 * The delivery log (docs/api/webhooks.md). The per-shipment and per-order routes live here, not in
 * shipping or ordering: the log is the webhooks context's data, and those contexts know nothing of it.
 */
@ApiTags('webhooks')
@Controller()
@UseErrorArea('shipping')
export class DeliveryLogController {
  constructor(@Inject(WEBHOOKS_CONTEXT) private readonly context: WebhooksContext) {}

  @Get('webhooks/:webhookId/deliveries')
  @RequireScopes('read:configuration')
  @ApiOperation({ summary: 'Every delivery attempt to this configuration, newest first (filters: status, trigger, shipment_id, order_id, from, to)' })
  @ApiOkResponse({ type: [DeliveryAttemptDto] })
  ofConfiguration(@CurrentAuth() auth: AuthContext, @Param('webhookId') id: string, @Query() query: DeliveryLogQueryDto): Promise<DeliveryAttemptDto[]> {
    return this.context.deliveryLog.ofConfiguration(auth, id, query);
  }

  @Get('shipments/:shipment_id/webhook-deliveries')
  @RequireScopes('read:configuration')
  @ApiOperation({ summary: 'Every delivery attempt about this shipment, to any of the caller\'s configurations, newest first' })
  @ApiOkResponse({ type: [DeliveryAttemptDto] })
  ofShipment(@CurrentAuth() auth: AuthContext, @Param('shipment_id') id: string, @Query() query: DeliveryLogQueryDto): Promise<DeliveryAttemptDto[]> {
    return this.context.deliveryLog.ofAggregate(auth, 'shipment', id, query);
  }

  @Get('orders/:reference/webhook-deliveries')
  @RequireScopes('read:configuration')
  @ApiOperation({ summary: 'Every delivery attempt about this order (by order_id), to any of the caller\'s configurations, newest first' })
  @ApiOkResponse({ type: [DeliveryAttemptDto] })
  ofOrder(@CurrentAuth() auth: AuthContext, @Param('reference') id: string, @Query() query: DeliveryLogQueryDto): Promise<DeliveryAttemptDto[]> {
    return this.context.deliveryLog.ofAggregate(auth, 'order', id, query);
  }
}
