import type { AuthContext } from '@shipledger/platform';
import type { DeliveryRepository } from '../../storage/delivery.repository';
import type { WebhookConfigurationRepository } from '../../storage/webhook-configuration.repository';
import { isVisible, visibleConfiguration } from '../shared/configuration-visibility';
import { DELIVERY_LOG_PAGE, type DeliveryAttemptDto, type DeliveryLogQueryDto } from './delivery-log.dto';

/** The delivery log: every attempt, of one configuration or about one shipment or order across the caller's configurations. */
export class DeliveryLogService {
  constructor(private readonly configurations: WebhookConfigurationRepository, private readonly deliveries: DeliveryRepository) {}

  async ofConfiguration(auth: AuthContext, configId: string, query: DeliveryLogQueryDto): Promise<DeliveryAttemptDto[]> {
    await visibleConfiguration(this.configurations, auth, configId);
    return this.list(auth, [configId], query);
  }

  async ofAggregate(auth: AuthContext, aggregateType: 'shipment' | 'order', aggregateId: string, query: DeliveryLogQueryDto): Promise<DeliveryAttemptDto[]> {
    const visible = (await this.configurations.list(auth.tenantId)).filter((configuration) => isVisible(auth, configuration));
    return this.list(auth, visible.map((configuration) => configuration.config_id), query, { aggregateType, aggregateId });
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
