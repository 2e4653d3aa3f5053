export * from './webhook-configuration';
