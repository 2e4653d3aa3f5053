import type { EventMetadata } from '@shipledger/event-store';

/** The ids of the request (or event) a command came from. */
export interface CommandContext {
  requestId: string;
  correlationId: string;
  /** The id of the event or request that caused the command (defaults to the request id). */
  causationId?: string;
}

/** The metadata of an event a command appends: the event's own time and actor, the command's ids. */
export function commandEventMetadata(
  event: { data: { at: string; actor: string } }, tenantId: string, context: CommandContext, schemaVersion: number,
): EventMetadata {
  return {
    tenantId,
    actor: event.data.actor,
    correlationId: context.correlationId,
    causationId: context.causationId ?? context.requestId,
    requestId: context.requestId,
    schemaVersion,
    occurredAt: event.data.at,
  };
}
