import { randomUUID } from 'node:crypto';
import { ApiError, OutboundError, type AuthContext, type OutboundClient, type PlatformServices } from '@shipledger/platform';
import type { WebhookConfiguration, WebhookConfigurationFields } from '../../domain';
import { StaleConfigurationError, type WebhookConfigurationRepository } from '../../storage/webhook-configuration.repository';
import type { WebhooksClock } from '../../webhooks.config';
import { newSigningSecret } from '../shared/signing-secrets';
import { configurationNotFound, isVisible } from '../shared/configuration-visibility';
import type { RotateSecretRequestDto, WebhookConfigurationRequestDto } from './webhook-configuration.request.dto';

type Response = Record<string, unknown>;

/**
 * The use cases of /webhooks. The url passes the outbound guard before anything is stored; the signing
 * secret is answered once (create, rotate) and otherwise never leaves the repository except to sign.
 * A client limited to merchants sees and writes only configurations restricted to its merchants.
 */
export class WebhookConfigurationService {
  constructor(
    private readonly repository: WebhookConfigurationRepository,
    private readonly outbound: OutboundClient,
    private readonly platform: Pick<PlatformServices, 'directory'>,
    private readonly clock: WebhooksClock,
    private readonly defaultOverlapSeconds: number,
  ) {}

  async create(auth: AuthContext, request: WebhookConfigurationRequestDto): Promise<Response> {
    const fields = toFields(request);
    await this.assertAcceptable(auth, fields);
    const secret = newSigningSecret();
    const configuration: WebhookConfiguration = { ...fields, config_id: randomUUID(), tenant_id: auth.tenantId, update_date: this.clock.now().toISOString() };
    await this.repository.insert(configuration, secret);
    return { ...toResponse(configuration), secret };
  }

  async list(auth: AuthContext): Promise<Response[]> {
    const all = await this.repository.list(auth.tenantId);
    return all.filter((configuration) => isVisible(auth, configuration)).map(toResponse);
  }

  async get(auth: AuthContext, id: string): Promise<Response> {
    return toResponse((await this.visible(auth, id)).configuration);
  }

  async replace(auth: AuthContext, id: string, request: WebhookConfigurationRequestDto): Promise<Response> {
    const { configuration, version } = await this.visible(auth, id);
    assertWritable(auth, configuration.merchants);
    const fields = toFields(request);
    await this.assertAcceptable(auth, fields);
    const replaced: WebhookConfiguration = { ...fields, config_id: id, tenant_id: auth.tenantId, update_date: this.clock.now().toISOString() };
    try {
      await this.repository.update(replaced, version);
    } catch (error) {
      if (error instanceof StaleConfigurationError) throw ApiError.conflict(error.message);
      throw error;
    }
    return toResponse(replaced);
  }

  async delete(auth: AuthContext, id: string): Promise<Response> {
    const { configuration } = await this.visible(auth, id);
    assertWritable(auth, configuration.merchants);
    await this.repository.markDeleted(auth.tenantId, id, this.clock.now().toISOString());
    return toResponse(configuration);
  }

  /** A new secret, answered once; the previous one keeps signing (next to the new one) for the overlap. */
  async rotateSecret(auth: AuthContext, id: string, request: RotateSecretRequestDto): Promise<Response> {
    const { configuration } = await this.visible(auth, id);
    assertWritable(auth, configuration.merchants);
    const now = this.clock.now();
    const overlapSeconds = request.overlap_seconds ?? this.defaultOverlapSeconds;
    const previousUntil = new Date(now.getTime() + overlapSeconds * 1000);
    const secret = newSigningSecret();
    if (!(await this.repository.rotate(auth.tenantId, id, secret, previousUntil, now.toISOString()))) throw notFound(id);
    return { config_id: id, secret, previous_secret_expires_at: previousUntil.toISOString() };
  }

  private async assertAcceptable(auth: AuthContext, fields: WebhookConfigurationFields): Promise<void> {
    assertWritable(auth, fields.merchants);
    const unknown: string[] = [];
    for (const merchant of fields.merchants) {
      if (!(await this.platform.directory.hasMerchant(auth.tenantId, merchant))) unknown.push(merchant);
    }
    if (unknown.length > 0) {
      const message = `unknown merchant${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}`;
      throw ApiError.badRequest(`merchants : ${message}`, [{ field: 'merchants', message }], 'validation_failed');
    }
    try {
      await this.outbound.check(fields.url);
    } catch (error) {
      if (!(error instanceof OutboundError)) throw error;
      // One wording for a refused address and a name that does not resolve: no oracle for internal names.
      const message = error.failure === 'url_invalid' ? `is not usable: ${error.message}` : 'must be an http(s) URL whose host resolves to an allowed public address';
      throw ApiError.badRequest(`url : ${message}`, [{ field: 'url', message }], 'validation_failed');
    }
  }

  private async visible(auth: AuthContext, id: string) {
    const stored = await this.repository.get(auth.tenantId, id);
    if (!stored || !isVisible(auth, stored.configuration)) throw notFound(id);
    return stored;
  }
}

const notFound = configurationNotFound;

/** A client limited to merchants writes only configurations restricted to them. */
function assertWritable(auth: AuthContext, merchants: readonly string[]): void {
  if (auth.merchants === '*') return;
  const mine = auth.merchants;
  if (merchants.length === 0) throw ApiError.forbidden(`A client limited to merchants must name them in merchants: ${mine.join(', ')}`);
  const outside = merchants.find((merchant) => !mine.includes(merchant));
  if (outside !== undefined) throw ApiError.forbidden(`Not allowed to configure webhooks for merchant ${outside}`);
}

/** The request as stored: absent optional fields cleared to their empty value (PUT clears what it leaves out). */
export function toFields(request: WebhookConfigurationRequestDto): WebhookConfigurationFields {
  return {
    config_name: request.config_name,
    url: request.url,
    status: request.status ?? 'ACTIVE',
    entity_type: request.entity_type ?? null,
    headers: { ...(request.headers ?? {}) },
    merchants: [...new Set(request.merchants ?? [])],
    pickup: request.pickup ?? null,
    dropoff: request.dropoff ?? null,
    pickup_partner_location_ids: request.pickup_partner_location_ids ?? null,
    dropoff_partner_location_ids: request.dropoff_partner_location_ids ?? null,
    custom_conditions: (request.custom_conditions ?? []).map(({ path, values }) => ({ path, values: [...values] })),
    notify_label_update: request.notify_label_update ?? false,
    notify_service_label_update: request.notify_service_label_update ?? false,
    notify_rma_received_items: request.notify_rma_received_items ?? false,
    notify_rma_returned_items: request.notify_rma_returned_items ?? false,
    notify_status: [...new Set(request.notify_status ?? [])],
    initial_retry_frequency: request.initial_retry_frequency ?? null,
    max_retry_count: request.max_retry_count ?? null,
    internal: request.internal ?? false,
  };
}

/** The configuration as answered: every field of the model, never the secret. */
export function toResponse(configuration: WebhookConfiguration): Response {
  const { tenant_id: _tenant, config_id, update_date, ...fields } = configuration;
  return { config_id, ...fields, update_date };
}
