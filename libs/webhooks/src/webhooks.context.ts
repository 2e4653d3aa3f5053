import type { Database } from '@shipledger/database';
import type { EventStore } from '@shipledger/event-store';
import { OutboundClient, type PlatformServices } from '@shipledger/platform';
import { carriersContextFor } from '@shipledger/carriers';
import { WebhookConfigurationService } from './application/configurations/webhook-configuration.service';
import { SigningSecretCipher } from './application/shared/signing-secrets';
import { WebhookConfigurationRepository } from './storage/webhook-configuration.repository';
import { loadWebhooksConfig, SYSTEM_CLOCK, type WebhooksClock, type WebhooksConfig } from './webhooks.config';

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
  readonly clock: WebhooksClock;
  readonly outbound: OutboundClient;
  readonly repository: WebhookConfigurationRepository;
  private service?: WebhookConfigurationService;

  constructor(readonly options: WebhooksContextOptions) {
    this.config = options.config ?? loadWebhooksConfig();
    this.clock = options.clock ?? SYSTEM_CLOCK;
    this.outbound = new OutboundClient({ config: this.config.outbound, ...(this.config.ca ? { ca: this.config.ca } : {}) });
    const masterKey = carriersContextFor({ database: options.database, eventStore: options.eventStore }).config.secrets.encryptionKey;
    this.repository = new WebhookConfigurationRepository(options.database, new SigningSecretCipher(masterKey));
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
