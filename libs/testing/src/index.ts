export * from './test-database';
export * from './test-app';
export * from './openapi-responses';
export * from './test-app-composition';
export * from './decider-spec';
export * from './test-store';
export * from './projection-spec';
export * from './event-store-contract';
