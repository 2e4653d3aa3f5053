export * from './auth-context';
export * from './route-metadata';
export * from './api-error';
