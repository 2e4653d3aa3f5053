import { ApiError, type AuthContext } from '@shipledger/platform';
import type { WebhookConfiguration } from '../../domain';
import type { WebhookConfigurationRepository } from '../../storage/webhook-configuration.repository';

/** A client limited to merchants sees the configurations restricted to one of its merchants, and those for all. */
export function isVisible(auth: AuthContext, configuration: WebhookConfiguration): boolean {
  if (auth.merchants === '*' || configuration.merchants.length === 0) return true;
  const mine = auth.merchants;
  return configuration.merchants.some((merchant) => mine.includes(merchant));
}

export function configurationNotFound(id: string): ApiError {
  return ApiError.notFound(`No webhook configuration found with the config id: ${id}`);
}

/** The configuration if the caller may see it; 404 otherwise (another tenant's is an unknown id). */
export async function visibleConfiguration(repository: WebhookConfigurationRepository, auth: AuthContext, id: string): Promise<WebhookConfiguration> {
  const stored = await repository.get(auth.tenantId, id);
  if (!stored || !isVisible(auth, stored.configuration)) throw configurationNotFound(id);
  return stored.configuration;
}
