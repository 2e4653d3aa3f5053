export * from './domain/order';
export * from './read-models';
export { OrderingModule } from './ordering.module';
