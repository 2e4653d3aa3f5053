export { foldEvents, sequenceDecider, type Decider, type DomainEvent } from './decider';
export {
  foldStream,
  handle,
  loadStream,
  type CommandInput,
  type Decision,
  type HandleOptions,
  type HandleResult,
  type Loaded,
} from './handle';
export { deterministicUuid } from './deterministic-id';
export {
  aggregateStreamNames,
  hashedStreamId,
  referencedStreamNames,
  type AggregateStreamNames,
  type ReferencedStreamNames,
} from './stream-names';
export {
  AggregateRepository,
  type AggregateHandleOptions,
  type AggregateRepositoryOptions,
} from './aggregate-repository';
export { commandEventMetadata, type CommandContext } from './event-metadata';
export { historyOf, stateAsOf, occurredAt, type HistoryEntry } from './history';
export { CachedStreamLoader, type CachedLoad } from './cached-stream';
export {
  uniqueReferenceDecider,
  UniqueReferences,
  type UniqueReferenceCommand,
  type UniqueReferenceEvent,
  type UniqueReferenceNames,
  type UniqueReferencesOptions,
  type UniqueReferenceState,
} from './unique-reference';
