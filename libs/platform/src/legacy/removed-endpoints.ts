/** Endpoints removed on 30 June 2022 (shipping spec, Versioning) and what replaced them. */
export interface RemovedEndpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  /** Fastify route pattern. */
  path: string;
  replacement: { method: 'GET' | 'POST' | 'PUT' | 'PATCH'; path: string; query?: Record<string, string> } | null;
}

export const REMOVAL_DATE = new Date('2022-06-30T00:00:00.000Z');

export const REMOVED_ENDPOINTS: readonly RemovedEndpoint[] = [
  { method: 'POST', path: '/shipments/draft', replacement: { method: 'POST', path: '/shipments', query: { draft: 'true' } } },
  { method: 'PUT', path: '/shipments/draft/:shipment_id', replacement: { method: 'PUT', path: '/shipments/:shipment_id' } },
  { method: 'PATCH', path: '/shipments/draft/:shipment_id', replacement: { method: 'PATCH', path: '/shipments/:shipment_id' } },
  { method: 'POST', path: '/shipments/draft/:shipment_id/confirm', replacement: { method: 'POST', path: '/shipments/:shipment_id/confirm' } },
  { method: 'PATCH', path: '/shipments/draft/:shipment_id/confirm', replacement: { method: 'POST', path: '/shipments/:shipment_id/confirm' } },
  { method: 'PUT', path: '/shipments/:shipment_id/reprocess', replacement: { method: 'POST', path: '/shipments/:shipment_id/reprocess' } },
  { method: 'PATCH', path: '/shipments/:shipment_id/reassign', replacement: { method: 'POST', path: '/shipments/:shipment_id/reassign' } },
  { method: 'PATCH', path: '/shipments/:shipment_id/status', replacement: { method: 'POST', path: '/shipments/:shipment_id/update-status' } },
  { method: 'PATCH', path: '/shipments/:shipment_id/cancel', replacement: { method: 'POST', path: '/shipments/:shipment_id/cancel' } },
  { method: 'PATCH', path: '/shipments/:shipment_id/ready-to-ship', replacement: { method: 'POST', path: '/shipments/:shipment_id/ready-to-ship' } },
  { method: 'PATCH', path: '/shipments/bulk/status/refresh', replacement: { method: 'POST', path: '/shipments/bulk/status/refresh' } },
  { method: 'GET', path: '/shipments/:shipment_id/label', replacement: { method: 'POST', path: '/shipments/:shipment_id/label/refresh' } },
  { method: 'PUT', path: '/shipments/:shipment_id/parcels', replacement: null },
];

/** `/shipments/:shipment_id/confirm` with params → `/shipments/S1/confirm`. */
export function fillPath(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:([a-z_]+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? ''));
}

export function describeReplacement(endpoint: RemovedEndpoint): string {
  if (!endpoint.replacement) return 'no replacement';
  const query = endpoint.replacement.query ? `?${new URLSearchParams(endpoint.replacement.query)}` : '';
  return `${endpoint.replacement.method} ${endpoint.replacement.path.replace(/:shipment_id/g, '{shipment_id}')}${query}`;
}
