import pino from 'pino';

/** Runners log through pino; tests keep it quiet unless LOG_LEVEL asks otherwise. */
export const quietLogger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });
