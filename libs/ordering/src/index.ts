export * from './domain/order';
export * from './read-models';
