export * from './auth-context';
export * from './route-metadata';
export * from './api-error';
export * from './api-validation.pipe';
export * from './error-body';
export * from './client-input';
export * from './plain-json';
export * from './property-rules';
