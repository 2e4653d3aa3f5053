import type { Database } from '@shipledger/database';
import type { EventStore } from '@shipledger/event-store';
import type { Reactor } from '@shipledger/projections';
import { OutboundClient, type PlatformServices } from '@shipledger/platform';
import { carriersContextFor } from '@shipledger/carriers';
import { WebhookConfigurationService } from './application/configurations/webhook-configuration.service';
import { SigningSecretCipher } from './application/shared/signing-secrets';
import { INBOX_PATH, WebhookInboxService } from './application/sandbox-inbox/webhook-inbox.service';
import { WebhookConfigurationRepository } from './storage/webhook-configuration.repository';
import { DeliveryRepository } from './storage/delivery.repository';
import { WebhookSender, type WebhookSenderOptions } from './application/deliveries/webhook-sender';
import { WebhookDeliveriesReactor } from './application/deliveries/webhook-deliveries.reactor';
import { DeliveryRetention, type DeliveryRetentionOptions } from './application/deliveries/delivery-retention';
import { reportDeliveryCountsFrom } from './webhooks.metrics';
import { INBOX_ID_PATTERN, WebhookInboxRepository } from './storage/webhook-inbox.repository';
import { DeliveryLogService } from './application/delivery-log/delivery-log.service';
import { ReplayService } from './application/replay/replay.service';
import { ReplayJobRunner, type ReplayJobRunnerOptions } from './application/replay/replay-job.runner';
import { ReplayJobRepository } from './storage/replay-job.repository';
import { loadWebhooksConfig, SYSTEM_CLOCK, type WebhooksClock, type WebhooksConfig } from './webhooks.config';

/** What the worker logs the sender's and the retention's messages with. */
export type WebhooksWorkerLogger = NonNullable<WebhookSenderOptions['logger']> & NonNullable<DeliveryRetentionOptions['logger']>;

/** This service as it listens: its base URLs (listening, public), its socket address, its certificate. */
export interface OwnService {
  baseUrls: string[];
  address: string;
  family: 4 | 6;
  ca: string;
}

export interface WebhooksContextOptions {
  database: Database;
  eventStore: EventStore;
  config?: WebhooksConfig;
  clock?: WebhooksClock;
}

/**
 * Every collaborator of the webhooks module, wired once per database handle (webhooksContextFor), so the
 * API and the worker of one process share the clock and the secret key. The secret key derives from the
 * carriers' master key (SHIPLEDGER_CARRIERS_KEY or DATA_DIR/carriers.key).
 */
export class WebhooksContext {
  readonly config: WebhooksConfig;
  readonly outbound: OutboundClient;
  readonly repository: WebhookConfigurationRepository;
  readonly deliveries: DeliveryRepository;
  /** The sender of this process (the worker runs it beside the deliveries reactor). */
  readonly sender: WebhookSender;
  readonly inbox: WebhookInboxService;
  /** The service's own base URL once it listens (allowOwnInbox); the inbox URL is made from it. */
  ownBaseUrl?: string;
  readonly deliveryLog: DeliveryLogService;
  readonly replays: ReplayService;
  /** The range replays' jobs (webhooks.replay_jobs). */
  readonly replayJobs: ReplayJobRepository;
  /** Runs range replays in the worker (beside the sender). */
  readonly replayRunner: ReplayJobRunner;
  /** Purges finished deliveries and range replays past the retention, in the worker (beside the sender). */
  readonly retention: DeliveryRetention;
  private service?: WebhookConfigurationService;
  private currentClock: WebhooksClock;
  /** What every part reads the time from; `useClock` swaps what it delegates to (tests). */
  readonly clock: WebhooksClock = { now: () => this.currentClock.now() };

  constructor(readonly options: WebhooksContextOptions) {
    this.config = options.config ?? loadWebhooksConfig();
    this.currentClock = options.clock ?? SYSTEM_CLOCK;
    this.outbound = new OutboundClient({ config: this.config.outbound, ...(this.config.ca ? { ca: this.config.ca } : {}) });
    const masterKey = carriersContextFor({ database: options.database, eventStore: options.eventStore }).config.secrets.encryptionKey;
    this.repository = new WebhookConfigurationRepository(options.database, new SigningSecretCipher(masterKey));
    this.deliveries = new DeliveryRepository(options.database);
    this.inbox = new WebhookInboxService(new WebhookInboxRepository(options.database), this.repository, this.clock, this.config.inboxKeep);
    this.sender = this.newSender();
    this.deliveryLog = new DeliveryLogService(this.repository, this.deliveries, options.eventStore);
    this.replayJobs = new ReplayJobRepository(options.database);
    this.replayRunner = this.newReplayRunner();
    this.replays = new ReplayService(options.eventStore, this.repository, this.deliveries, this.replayJobs, this.clock, () => {
      this.sender.wake();
      this.replayRunner.wake();
    });
    this.retention = new DeliveryRetention(this.deliveries, this.replayJobs, this.clock, { retentionDays: this.config.deliveryRetentionDays });
    reportDeliveryCountsFrom(() => this.deliveries.counts());
  }

  /** Tests move time (retries are minutes apart); every part of the context follows. */
  useClock(clock: WebhooksClock): void {
    this.currentClock = clock;
  }

  /** A sender on this context's tables (a second one stands in for a second worker process in tests). */
  newSender(options: WebhookSenderOptions & { outbound?: OutboundClient } = {}): WebhookSender {
    return new WebhookSender(this.deliveries, this.repository, options.outbound ?? this.outbound, this.clock, { perTenant: this.config.tenantInFlight, ...options });
  }

  /** A range-replay runner on this context's tables (tests run one by hand, slice by slice). */
  newReplayRunner(options: ReplayJobRunnerOptions = {}): ReplayJobRunner {
    return new ReplayJobRunner(this.options.eventStore, this.repository, this.deliveries, this.replayJobs, this.clock, () => this.sender.wake(), options);
  }

  /** The deliveries reactor (the worker's registry lists it); its sender runs beside it. */
  reactor(logger?: WebhooksWorkerLogger): WebhookDeliveriesReactor {
    if (logger) {
      this.sender.useLogger(logger);
      this.retention.useLogger(logger);
    }
    return new WebhookDeliveriesReactor(
      this.options.eventStore, this.repository, this.deliveries, this.clock, () => this.sender.wake(),
      async (signal) => void (await Promise.all([this.sender.run(signal), this.replayRunner.run(signal), this.retention.run(signal)])),
    );
  }

  /**
   * Once the API listens: deliveries may reach this service's own sandbox inbox (and nothing else of
   * it) at each of its base URLs, connecting to its listening socket and trusting its certificate
   * (ADR 0011). Answers the function that takes the allowance back.
   */
  allowOwnInbox(service: OwnService): () => void {
    const removers = service.baseUrls.map((origin) => this.outbound.allowOwnService({
      origin, path: new RegExp(`${INBOX_PATH}/${INBOX_ID_PATTERN}`), address: service.address, family: service.family, ca: service.ca,
    }));
    const previous = this.ownBaseUrl;
    this.ownBaseUrl = new URL(service.baseUrls[0]!).origin;
    return () => {
      for (const remove of removers) remove();
      this.ownBaseUrl = previous;
    };
  }

  /** Needs the platform's tenant directory (merchant checks): set by the API module. */
  bindPlatform(platform: Pick<PlatformServices, 'directory'>): void {
    this.service ??= new WebhookConfigurationService(this.repository, this.outbound, platform, this.clock, this.config.defaultRotationOverlapSeconds);
  }

  get configurations(): WebhookConfigurationService {
    if (!this.service) throw new Error('WebhooksContext.bindPlatform was not called');
    return this.service;
  }
}

const contexts = new WeakMap<Database, WebhooksContext>();

export function webhooksContextFor(options: WebhooksContextOptions): WebhooksContext {
  let context = contexts.get(options.database);
  if (!context) {
    context = new WebhooksContext(options);
    contexts.set(options.database, context);
  }
  return context;
}

/** The worker's webhook reactors: the deliveries reactor, with this process's sender running beside it. */
export function webhookReactors(deps: WebhooksContextOptions & { logger?: WebhooksWorkerLogger }): Reactor[] {
  return [webhooksContextFor(deps).reactor(deps.logger)];
}
