import type { EventStore } from '@shipledger/event-store';
import { orderStreamId } from '@shipledger/ordering';
import { ApiError, type AuthContext } from '@shipledger/platform';
import { shipmentStreamId } from '@shipledger/shipping';
import type { DeliveryRepository } from '../../storage/delivery.repository';
import type { WebhookConfigurationRepository } from '../../storage/webhook-configuration.repository';
import { isVisible, visibleConfiguration } from '../shared/configuration-visibility';
import { DELIVERY_LOG_PAGE, type DeliveryAttemptDto, type DeliveryLogQueryDto } from './delivery-log.dto';

/** The delivery log: every attempt, of one configuration or about one shipment or order across the caller's configurations. */
export class DeliveryLogService {
  constructor(
    private readonly configurations: WebhookConfigurationRepository,
    private readonly deliveries: DeliveryRepository,
    private readonly eventStore: EventStore,
  ) {}

  async ofConfiguration(auth: AuthContext, configId: string, query: DeliveryLogQueryDto): Promise<DeliveryAttemptDto[]> {
    await visibleConfiguration(this.configurations, auth, configId);
    return this.list(auth, [configId], query);
  }

  async ofAggregate(auth: AuthContext, aggregateType: 'shipment' | 'order', aggregateId: string, query: DeliveryLogQueryDto): Promise<DeliveryAttemptDto[]> {
    await this.mustExist(auth, aggregateType, aggregateId);
    const visible = (await this.configurations.list(auth.tenantId)).filter((configuration) => isVisible(auth, configuration));
    return this.list(auth, visible.map((configuration) => configuration.config_id), query, { aggregateType, aggregateId });
  }

  /**
   * An unknown shipment or order (or another tenant's) is 404, as on every GET by id, not an empty log: the
   * stream's first event names its tenant (one read of one event).
   */
  private async mustExist(auth: AuthContext, aggregateType: 'shipment' | 'order', aggregateId: string): Promise<void> {
    const streamId = aggregateType === 'shipment' ? shipmentStreamId(aggregateId) : orderStreamId(aggregateId);
    const [first] = await this.eventStore.readStream(streamId, { maxCount: 1 });
    if (first?.metadata.tenantId === auth.tenantId) return;
    throw ApiError.notFound(aggregateType === 'shipment'
      ? `No shipment found with the shipment id: ${aggregateId}`
      : `No order found with the order id: ${aggregateId}`);
  }

  private list(auth: AuthContext, configIds: string[], query: DeliveryLogQueryDto, about?: { aggregateType: 'shipment' | 'order'; aggregateId: string }) {
    const aggregate = about ?? (query.shipment_id !== undefined
      ? { aggregateType: 'shipment' as const, aggregateId: query.shipment_id }
      : query.order_id !== undefined ? { aggregateType: 'order' as const, aggregateId: query.order_id } : {});
    return this.deliveries.listAttempts({
      tenantId: auth.tenantId, configIds, outcome: query.status, trigger: query.trigger, ...aggregate,
      from: query.from, to: query.to, page: query.page ?? 0, pageSize: query.page_size ?? DELIVERY_LOG_PAGE.defaultSize,
    });
  }
}
