export * from './outbound-address';
export * from './outbound-config';
export * from './outbound-client';
export * from './outbound-pool';
