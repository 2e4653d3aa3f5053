import type { AuthContext } from '@shipledger/platform';

/** Who sends a command and in which request; becomes the metadata of every event it appends. */
export interface OrderCommandMeta {
  actor: string;
  requestId: string;
  correlationId: string;
  causationId?: string;
  /** The merchants the caller may touch ('*' = all); an order outside them reads as not found. */
  merchants: readonly string[] | '*';
}

export function orderMetaFrom(auth: AuthContext): OrderCommandMeta {
  return { actor: auth.clientId, requestId: auth.requestId, correlationId: auth.correlationId, merchants: auth.merchants };
}
