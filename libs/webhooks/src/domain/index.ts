export * from './webhook-configuration';
export * from './webhook-triggers';
export * from './webhook-matching';
export * from './webhook-order-triggers';
export * from './webhook-delivery';
