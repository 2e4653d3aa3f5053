export * from './webhook-configuration';
export * from './webhook-triggers';
export * from './webhook-matching';
