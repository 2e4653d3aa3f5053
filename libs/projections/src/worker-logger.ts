import type { Logger } from 'pino';

/** The pino methods the runners log through (a pino logger or child logger fits as is). */
export type WorkerLogger = Pick<Logger, 'debug' | 'info' | 'warn' | 'error'>;
