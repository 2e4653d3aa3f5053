export * from './domain/shipment';
