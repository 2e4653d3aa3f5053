import { randomUUID } from 'node:crypto';
import type { EventStore } from '@shipledger/event-store';
import { ApiError, type AuthContext } from '@shipledger/platform';
import { orderStreamId } from '@shipledger/ordering';
import { shipmentStreamId } from '@shipledger/shipping';
import type { WebhookConfiguration } from '../../domain';
import type { DeliveryRepository, NewDelivery } from '../../storage/delivery.repository';
import type { ReplayJob, ReplayJobRepository } from '../../storage/replay-job.repository';
import type { WebhookConfigurationRepository } from '../../storage/webhook-configuration.repository';
import type { WebhooksClock } from '../../webhooks.config';
import { visibleConfiguration } from '../shared/configuration-visibility';
import { deliveriesFor, planMessages } from '../shared/delivery-planner';
import { REPLAY_LIMITS, type ReplayAcceptedDto, type ReplayJobDto, type ReplayRequestDto } from './replay.dto';

/**
 * POST /webhooks/{id}/replay. Replayed deliveries are new rows (a new replay_id) with the original
 * event-id, so a receiver that already applied one can recognise it; they queue behind anything of the
 * same aggregate still pending, like any delivery. One delivery or one aggregate is enqueued on the
 * request (bounded); a time range becomes a job the worker runs (ReplayJobRunner).
 */
export class ReplayService {
  constructor(
    private readonly eventStore: EventStore,
    private readonly configurations: WebhookConfigurationRepository,
    private readonly deliveries: DeliveryRepository,
    private readonly jobs: ReplayJobRepository,
    private readonly clock: WebhooksClock,
    private readonly wake: () => void,
  ) {}

  async replay(auth: AuthContext, configId: string, request: ReplayRequestDto): Promise<ReplayAcceptedDto> {
    const configuration = await visibleConfiguration(this.configurations, auth, configId);
    const modes = [request.delivery_id, request.shipment_id, request.order_id, request.from ?? request.to].filter((value) => value !== undefined);
    if (modes.length !== 1) {
      const message = 'give exactly one of delivery_id, shipment_id, order_id, or from and to';
      throw ApiError.badRequest(`body : ${message}`, [{ field: 'body', message }], 'validation_failed');
    }
    const replayId = randomUUID();
    if (request.delivery_id !== undefined) {
      const original = await this.deliveries.findDelivery(auth.tenantId, configId, request.delivery_id);
      if (!original) throw ApiError.notFound(`No delivery found with the delivery id: ${request.delivery_id}`);
      return this.enqueued(replayId, 'delivery', [{ ...original, replay_id: replayId }]);
    }
    if (request.shipment_id !== undefined) return this.enqueued(replayId, 'shipment', await this.ofStream(configuration, shipmentStreamId(request.shipment_id), replayId));
    if (request.order_id !== undefined) return this.enqueued(replayId, 'order', await this.ofStream(configuration, orderStreamId(request.order_id), replayId));
    const job = await this.jobs.createUnlessFull({ replay_id: replayId, tenant_id: auth.tenantId, config_id: configId, ...validRange(request) },
      this.clock.now(), REPLAY_LIMITS.maxOpenRanges);
    if (!job) throw tooManyOpenRanges();
    this.wake();
    return { replay_id: job.replay_id, mode: 'range', status: job.status, enqueued: 0 };
  }

  async job(auth: AuthContext, configId: string, replayId: string): Promise<ReplayJobDto> {
    await visibleConfiguration(this.configurations, auth, configId);
    const job = await this.jobs.get(auth.tenantId, configId, replayId);
    if (!job) throw ApiError.notFound(`No replay found with the replay id: ${replayId}`);
    return toJobDto(job);
  }

  /** What the configuration should have received from one stream, as the configuration is now. */
  private async ofStream(configuration: WebhookConfiguration, streamId: string, replayId: string): Promise<NewDelivery[]> {
    const events = await this.eventStore.readStream(streamId, { maxCount: REPLAY_LIMITS.maxStreamEvents });
    if (events.length === 0 || events[0]!.metadata.tenantId !== configuration.tenant_id) throw ApiError.notFound(`Nothing to replay for ${streamId.replace(/^[a-z]+-/, '')}`);
    const rows: NewDelivery[] = [];
    for (const event of events) rows.push(...deliveriesFor(event, await planMessages(this.eventStore, event), [configuration], replayId));
    return rows.slice(0, REPLAY_LIMITS.maxDeliveries);
  }

  private async enqueued(replayId: string, mode: string, rows: NewDelivery[]): Promise<ReplayAcceptedDto> {
    const enqueued = await this.deliveries.enqueue(rows, this.clock.now());
    this.wake();
    return { replay_id: replayId, mode, status: 'done', enqueued };
  }
}

/** A tenant's range replays share one worker with every other tenant's: a bounded number wait at a time. */
function tooManyOpenRanges(): ApiError {
  const wait = REPLAY_LIMITS.openRangesRetryAfterSeconds;
  return new ApiError(429, [`${REPLAY_LIMITS.maxOpenRanges} time-range replays of this account are queued or running; `
    + `retry when one has finished (GET /webhooks/{webhook-id}/replays/{replay-id} shows its status)`], 'too_many_requests', [],
  { 'Retry-After': String(wait) });
}

function validRange(request: ReplayRequestDto): { from: string; to: string } {
  const problems: Array<{ field: string; message: string }> = [];
  if (request.from === undefined) problems.push({ field: 'from', message: 'is required with to' });
  if (request.to === undefined) problems.push({ field: 'to', message: 'is required with from' });
  if (problems.length === 0) {
    const span = Date.parse(request.to!) - Date.parse(request.from!);
    if (span <= 0) problems.push({ field: 'to', message: 'must be after from' });
    else if (span > REPLAY_LIMITS.maxRangeDays * 86_400_000) problems.push({ field: 'to', message: `must be at most ${REPLAY_LIMITS.maxRangeDays} days after from` });
  }
  if (problems.length > 0) throw ApiError.badRequest(problems.map((p) => `${p.field} : ${p.message}`).join(', '), problems, 'validation_failed');
  return { from: new Date(request.from!).toISOString(), to: new Date(request.to!).toISOString() };
}

export function toJobDto(job: ReplayJob): ReplayJobDto {
  return {
    replay_id: job.replay_id, mode: 'range', status: job.status, enqueued: job.enqueued, from: job.from, to: job.to,
    scanned: job.scanned, created_at: job.created_at, finished_at: job.finished_at, error: job.error,
  };
}
