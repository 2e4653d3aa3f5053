export * from './database';
export * from './tokens';
