import type { EventStore, RecordedEvent } from '@shipledger/event-store';
import type { Reactor } from '@shipledger/projections';
import { DEMO_HISTORY_ACTOR } from '@shipledger/shipping';
import type { DeliveryRepository } from '../../storage/delivery.repository';
import type { WebhookConfigurationRepository } from '../../storage/webhook-configuration.repository';
import type { WebhooksClock } from '../../webhooks.config';
import { ActiveConfigurations } from './active-configurations';
import { deliveriesFor, planMessages, WEBHOOK_SOURCE_EVENT_TYPES } from '../shared/delivery-planner';

export const WEBHOOK_DELIVERIES_REACTOR = 'webhook-deliveries';

/**
 * Webhooks from the event log: each shipment or order event becomes its messages (planMessages), each
 * matched against the tenant's ACTIVE configurations, and the matches land in webhooks.deliveries — the
 * outbox the sender drains. The runner gives events at least once and saves its checkpoint after
 * `handle`; the unique (config_id, event_id, replay_id) index makes a second handling insert nothing,
 * so each message is enqueued exactly once. Configurations are as read after the event was appended
 * (ActiveConfigurations: one read serves a run of events): one created later receives earlier events
 * only by a replay (backfill). A demo tenant's made-up history
 * (actor DEMO_HISTORY_ACTOR, recorded in the past on first start) raises no webhooks: it is not news.
 *
 * The sender (and the range-replay runner and the outbox retention) run beside the reactor on every worker process
 * (`runBeside`), whoever holds the reactor's lease: the outbox is shared by claims, not by leases.
 */
export class WebhookDeliveriesReactor implements Reactor {
  readonly name = WEBHOOK_DELIVERIES_REACTOR;
  readonly handles = WEBHOOK_SOURCE_EVENT_TYPES;
  /**
   * Aggregates side by side, each aggregate's events in order (the runner's default ordering key is the
   * stream = one shipment or order): a delivery's `seq` still follows its aggregate's event order, which
   * is all the per-(configuration, aggregate) order needs, and each event costs ~3 round trips, so one
   * at a time caps the outbox at a few dozen events per second.
   */
  readonly concurrency = 16;

  constructor(
    private readonly eventStore: EventStore,
    configurations: WebhookConfigurationRepository,
    private readonly deliveries: DeliveryRepository,
    private readonly clock: WebhooksClock,
    /** Tells this process's sender that something is due. */
    private readonly onEnqueued: () => void,
    /** The loops every worker runs beside: the sender, the range-replay runner and the retention. */
    private readonly beside: (signal: AbortSignal) => Promise<void>,
  ) {
    this.active = new ActiveConfigurations(configurations, () => eventStore.headPosition());
  }

  private readonly active: ActiveConfigurations;

  async handle(event: RecordedEvent): Promise<void> {
    const tenantId = event.metadata?.tenantId;
    if (!tenantId || event.metadata.actor === DEMO_HISTORY_ACTOR) return;
    // The configurations first (usually kept from an earlier event): without any, the event's stream is not read.
    const active = await this.active.for(tenantId, event);
    if (active.length === 0) return;
    const rows = deliveriesFor(event, await planMessages(this.eventStore, event), active);
    if ((await this.deliveries.enqueue(rows, this.clock.now())) > 0) this.onEnqueued();
  }

  runBeside(signal: AbortSignal): Promise<void> {
    return this.beside(signal);
  }
}
