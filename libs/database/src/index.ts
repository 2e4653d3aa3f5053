export * from './database';
export { pgliteKysely } from './pglite-kysely';
export * from './tokens';
export * from './schema-migrations';
export * from './column-types';
export { PREPARED_MARK, preparedQuery } from './prepared-statements';
export { jsonRecordset } from './json-recordset';
