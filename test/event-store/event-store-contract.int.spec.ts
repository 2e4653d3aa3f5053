import { eventStoreContract } from '../../libs/testing/src/event-store-contract';

// Every adapter of contractAdapters() (EVENT_STORE_ADAPTERS=pglite,postgres,esdb restricts), one call.
eventStoreContract();
