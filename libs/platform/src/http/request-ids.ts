import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** x-request-id when the caller sent a sane one, else a fresh UUID (used as Fastify's genReqId). */
export function requestIdFrom(headers: IncomingHttpHeaders): string {
  const given = headers['x-request-id'];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
}

/** x-correlation-id when sent, else the request id: one chain of calls shares one correlation id. */
export function correlationIdFrom(headers: IncomingHttpHeaders, requestId: string): string {
  const given = headers['x-correlation-id'];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : requestId;
}

export const CORRELATION_ID_KEY = 'shipledgerCorrelationId';
