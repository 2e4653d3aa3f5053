import type { AuthContext } from '@shipledger/platform';

/** Who sends a configuration command and in which request: the metadata of every event it appends. */
export interface ConfigurationMeta {
  actor: string;
  requestId: string;
  correlationId: string;
  causationId?: string;
}

export function configurationMetaFrom(auth: AuthContext): ConfigurationMeta {
  return { actor: auth.clientId, requestId: auth.requestId, correlationId: auth.correlationId };
}
