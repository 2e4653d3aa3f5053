export * from './domain/shipment';
export * from './read-models';
