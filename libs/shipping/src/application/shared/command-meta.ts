import type { AuthContext } from '@shipledger/platform';

/** Who sends a command and in which request; becomes the metadata of every event it appends. */
export interface CommandMeta {
  actor: string;
  requestId: string;
  correlationId: string;
  /** The id of the event or request that caused this command (defaults to the request id). */
  causationId?: string;
  /** The merchants the caller may touch ('*' = all); a shipment outside them reads as not found. */
  merchants?: readonly string[] | '*';
}

export function commandMetaFrom(auth: AuthContext): CommandMeta {
  return {
    actor: auth.clientId,
    requestId: auth.requestId,
    correlationId: auth.correlationId,
    merchants: auth.merchants,
  };
}
