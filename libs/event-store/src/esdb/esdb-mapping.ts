import {
  ANY,
  NO_STREAM,
  STREAM_EXISTS,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type CurrentRevision,
  type Position as EsdbPosition,
  type ResolvedEvent,
} from '@eventstore/db-client';
import type { EventMetadata, ExpectedRevision, Position, RecordedEvent } from '../event-store.port';

/** ESDB positions are the commit position, zero-padded to 20 digits (string order = log order). */
export function encodeEsdbPosition(position: EsdbPosition): Position {
  return position.commit.toString().padStart(20, '0');
}

export function decodeEsdbPosition(value: Position): EsdbPosition {
  if (!/^\d{20}$/.test(value)) throw new RangeError(`Not a position of the EventStoreDB store: ${value}`);
  const commit = BigInt(value);
  return { commit, prepare: commit };
}

export function toEsdbExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'no_stream':
      return NO_STREAM;
    case 'exists':
      return STREAM_EXISTS;
    case 'any':
      return ANY;
    default:
      return BigInt(expected);
  }
}

/** The port says -1 for a stream that does not exist. */
export function fromEsdbCurrentRevision(actual: CurrentRevision): number {
  return typeof actual === 'bigint' ? Number(actual) : -1;
}

/** An event of ours, or undefined for system events ($-prefixed types) and unresolved links. */
export function toRecordedEvent(resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | undefined {
  const event = resolved.event;
  if (!event || event.type.startsWith('$') || !event.position) return undefined;
  return {
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: event.metadata as unknown as EventMetadata,
    streamId: event.streamId,
    revision: Number(event.revision),
    position: encodeEsdbPosition(event.position),
    recordedAt: event.created.toISOString(),
  };
}
