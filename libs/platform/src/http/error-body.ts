import type { ApiError } from './api-error';
import type { ErrorArea } from './route-metadata';

/** Where an error body's shape comes from: a route's area, or the token endpoint's OAuth shape. */
export type ErrorShape = ErrorArea | 'token';

const ORDERS_AREA_PREFIXES = ['/admin', '/orders', '/fulfillment-orders', '/delivery-types', '/locations', '/order-types', '/time-slots', '/webhooks'];

/** For errors raised before a route's metadata is known (unknown routes, body parsing): the area by path. */
export function errorShapeForPath(path: string): ErrorShape {
  const p = path.split('?')[0];
  if (p === '/oauth/token') return 'token';
  if (ORDERS_AREA_PREFIXES.some((prefix) => p === prefix || p.startsWith(`${prefix}/`))) return 'orders';
  return 'shipping';
}

export function renderErrorBody(shape: ErrorShape, error: ApiError, now: Date = new Date()): Record<string, unknown> {
  switch (shape) {
    case 'shipping':
      return {
        status: String(error.status),
        timestamp: now.toISOString(),
        errors: error.details.length ? error.details.map((d) => `${d.field} : ${d.message}`) : [...error.messages],
      };
    case 'orders':
      return {
        error: error.messages[0] ?? 'Error',
        code: error.code,
        details: error.details.map((d) => ({ field: d.field, message: d.message })),
      };
    case 'token':
      return { error: tokenErrorCode(error), error_description: error.messages.join('; ') };
    default: {
      const unreachable: never = shape;
      throw new Error(`Unknown error shape ${String(unreachable)}`);
    }
  }
}

function tokenErrorCode(error: ApiError): string {
  if (error.status === 401) return 'access_denied';
  if (error.code === 'validation_failed') return 'bad_request';
  return error.code;
}
