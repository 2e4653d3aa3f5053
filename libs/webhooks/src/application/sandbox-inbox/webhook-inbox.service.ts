import { Webhook } from 'standardwebhooks';
import { ApiError } from '@shipledger/platform';
import type { WebhookConfigurationRepository } from '../../storage/webhook-configuration.repository';
import type { InboxDelivery, WebhookInboxRepository } from '../../storage/webhook-inbox.repository';
import type { WebhooksClock } from '../../webhooks.config';

/** The inbox path under the service's own origin; the outbound allowance names exactly this. */
export const INBOX_PATH = '/sandbox/webhook-inbox';

/** Bounds of what one received delivery keeps (docs/api/webhooks.md, docs/limits.md). */
export const INBOX_LIMITS = {
  /** A larger body is verified but not kept (`body: null`, `body_truncated: true`). */
  bodyBytes: 64 * 1024,
  headers: 50,
  headerName: 100,
  headerValue: 1_000,
  /** Configurations whose secrets are tried when the delivery does not name one by `webhook-id`. */
  candidateConfigurations: 50,
} as const;

export interface ReceivedRequest {
  inboxId: string;
  headers: Record<string, string | string[] | undefined>;
  /** The body exactly as it arrived: the signature covers these bytes. */
  rawBody: string;
  body: unknown;
}

export interface InboxPage {
  inbox_url: string;
  kept_at_most: number;
  total: number;
  page: number;
  page_size: number;
  deliveries: Array<InboxDelivery & { body_truncated: boolean }>;
}

interface Verification {
  configId: string | null;
  verified: boolean;
  error: string | null;
}

/**
 * The sandbox receiver: records what reaches a tenant's inbox and checks its Standard Webhooks
 * signature with the secrets of the configuration that sent it, so a tenant can watch its webhooks
 * arrive without running a server. Verification uses the standardwebhooks library (a 5-minute
 * timestamp tolerance against this machine's clock).
 */
export class WebhookInboxService {
  constructor(
    private readonly inboxes: WebhookInboxRepository,
    private readonly configurations: WebhookConfigurationRepository,
    private readonly clock: WebhooksClock,
    private readonly keep: number,
  ) {}

  inboxIdOf(tenantId: string): Promise<string> {
    return this.inboxes.inboxIdOf(tenantId, this.clock.now());
  }

  async receive(request: ReceivedRequest): Promise<{ delivery_id: string; signature_verified: boolean }> {
    const tenantId = await this.inboxes.tenantOf(request.inboxId);
    if (!tenantId) throw ApiError.notFound(`No webhook inbox found with the id: ${request.inboxId}`);
    const headers = boundedHeaders(request.headers);
    const verification = await this.verify(tenantId, request.inboxId, headers, request.rawBody);
    const bodyBytes = Buffer.byteLength(request.rawBody);
    const deliveryId = await this.inboxes.record(tenantId, {
      received_at: this.clock.now().toISOString(),
      config_id: verification.configId,
      signature_verified: verification.verified,
      verification_error: verification.error,
      webhook_id: headers['webhook-id'] ?? null,
      event_id: headers['event-id'] ?? null,
      trigger: headers.trigger ?? null,
      headers,
      body: bodyBytes <= INBOX_LIMITS.bodyBytes ? request.body : undefined,
      body_bytes: bodyBytes,
    }, this.keep);
    return { delivery_id: deliveryId, signature_verified: verification.verified };
  }

  async page(tenantId: string, baseUrl: string, query: { page: number; pageSize: number; eventId?: string; trigger?: string }): Promise<InboxPage> {
    const inboxId = await this.inboxIdOf(tenantId);
    const { total, deliveries } = await this.inboxes.page(tenantId, {
      offset: query.page * query.pageSize, limit: query.pageSize, eventId: query.eventId, trigger: query.trigger,
    });
    return {
      inbox_url: `${baseUrl}${INBOX_PATH}/${inboxId}`,
      kept_at_most: this.keep,
      total,
      page: query.page,
      page_size: query.pageSize,
      deliveries: deliveries.map((delivery) => ({ ...delivery, body_truncated: delivery.body_bytes > INBOX_LIMITS.bodyBytes })),
    };
  }

  /**
   * The configuration is the one `webhook-id` names when it is one of the tenant's; otherwise each
   * configuration pointing at this inbox (then any of the tenant's, up to a bound) is tried. Only the
   * inbox tenant's own secrets are ever used.
   */
  private async verify(tenantId: string, inboxId: string, headers: Record<string, string>, rawBody: string): Promise<Verification> {
    const configurations = await this.configurations.list(tenantId);
    const named = configurations.filter((configuration) => configuration.config_id === headers['webhook-id']);
    const pointing = configurations.filter((configuration) => configuration.url.endsWith(`${INBOX_PATH}/${inboxId}`));
    const candidates = named.length > 0 ? named : pointing.length > 0 ? pointing : configurations.slice(0, INBOX_LIMITS.candidateConfigurations);
    const fallbackConfigId = candidates.length === 1 ? candidates[0]!.config_id : null;
    if (!headers['webhook-id'] || !headers['webhook-timestamp'] || !headers['webhook-signature']) {
      return { configId: fallbackConfigId, verified: false, error: 'missing webhook-id, webhook-timestamp or webhook-signature' };
    }
    if (candidates.length === 0) return { configId: null, verified: false, error: 'the tenant has no webhook configuration whose secret could have signed it' };
    let error = 'no signature matches a secret of the configuration';
    for (const configuration of candidates) {
      for (const secret of await this.configurations.signingSecrets(tenantId, configuration.config_id, this.clock.now())) {
        try {
          new Webhook(secret).verify(rawBody, headers, { jsonParse: false });
          return { configId: configuration.config_id, verified: true, error: null };
        } catch (failure) {
          // The library's messages say which check failed (timestamp too old/new, no matching signature).
          if (failure instanceof Error && !/matching signature/i.test(failure.message)) error = failure.message;
        }
      }
    }
    return { configId: fallbackConfigId, verified: false, error };
  }
}

/** Lower-case names, repeated headers joined, at most 50 headers, names and values cut to their bounds. */
function boundedHeaders(raw: ReceivedRequest['headers']): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw).slice(0, INBOX_LIMITS.headers)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(', ') : String(value);
    headers[name.toLowerCase().slice(0, INBOX_LIMITS.headerName)] = text.slice(0, INBOX_LIMITS.headerValue);
  }
  return headers;
}
