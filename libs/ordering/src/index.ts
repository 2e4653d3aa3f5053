export * from './domain/order';
