import { appendAndReadContract } from './append-and-read.contract';
import { batchedAppendContract } from './batched-append.contract';
import { concurrentAppendersContract } from './concurrent-appenders.contract';
import { contractAdapters, type ContractAdapter } from './contract-adapters';
import { readAllContract } from './read-all.contract';
import { readLastEventsContract } from './read-last-events.contract';
import { subscriptionContract } from './subscription.contract';

export { contractAdapters, type AdapterName, type ContractAdapter, type OpenedStore } from './contract-adapters';
export { newEvent, streamName } from './contract-fixtures';

/**
 * The event-store contract: every behaviour the EventStore port promises (expected revisions,
 * idempotent appends, last events of many streams, global order, subscriptions, group commit, racing
 * appenders), as jest suites.
 * An adapter — today pglite, postgres and esdb, tomorrow another — runs all of it with one call:
 * `eventStoreContract([{ name, open }])`. Without arguments: the adapters of contractAdapters()
 * (EVENT_STORE_ADAPTERS=pglite,… restricts them).
 */
export function eventStoreContract(adapters: readonly ContractAdapter[] = contractAdapters()): void {
  appendAndReadContract(adapters);
  readLastEventsContract(adapters);
  readAllContract(adapters);
  subscriptionContract(adapters);
  batchedAppendContract(adapters);
  concurrentAppendersContract(adapters);
}
