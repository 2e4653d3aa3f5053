import type { AddressFilter, WebhookConfigurationFields } from './webhook-configuration';

/**
 * Does a configuration want this trigger for this shipment? The shipment is the response object the
 * delivery would carry. Every filter the configuration sets must hold:
 * - status ACTIVE; entity_type absent, Shipment for a FORWARD shipment or ReverseShipment for a REVERSE one
 *   (ReturnRequest matches no shipment: the service has no return requests);
 * - merchants: empty, or the shipment's merchant among them;
 * - a status trigger: listed in notify_status; default_label_update: notify_label_update;
 *   service_label_update: notify_service_label_update; schedule and promise updates: always;
 * - pickup/dropoff: each named address field equals one of its values;
 * - pickup/dropoff_partner_location_ids: the address's partner_location_id is one of the listed ids;
 * - custom_conditions: the value at each dotted path is one of its values.
 */
export function configurationWants(config: WebhookConfigurationFields, trigger: string, shipment: Record<string, unknown>): boolean {
  if (config.status !== 'ACTIVE') return false;
  if (config.entity_type !== null && config.entity_type !== (shipment.entity_type === 'REVERSE' ? 'ReverseShipment' : 'Shipment')) return false;
  if (config.merchants.length > 0 && !config.merchants.includes(String(shipment.merchant ?? ''))) return false;
  if (!wantsTrigger(config, trigger)) return false;
  if (!addressMatches(config.pickup, shipment.pickup) || !addressMatches(config.dropoff, shipment.dropoff)) return false;
  if (!partnerLocationMatches(config.pickup_partner_location_ids, shipment.pickup)) return false;
  if (!partnerLocationMatches(config.dropoff_partner_location_ids, shipment.dropoff)) return false;
  return config.custom_conditions.every(({ path, values }) => {
    const value = valueAt(shipment, path);
    return value !== undefined && value !== null && values.includes(String(value));
  });
}

function wantsTrigger(config: WebhookConfigurationFields, trigger: string): boolean {
  switch (trigger) {
    case 'default_label_update': return config.notify_label_update;
    case 'service_label_update': return config.notify_service_label_update;
    case 'scheduled_collection_update':
    case 'scheduled_delivery_update':
    case 'promised_delivery_update': return true;
    default: return config.notify_status.includes(trigger);
  }
}

function addressMatches(filter: AddressFilter | null, address: unknown): boolean {
  if (filter === null) return true;
  const fields = (typeof address === 'object' && address !== null ? address : {}) as Record<string, unknown>;
  return Object.entries(filter).every(([field, allowed]) => {
    const value = fields[field];
    return value !== undefined && value !== null && (Array.isArray(allowed) ? allowed : [allowed]).includes(String(value));
  });
}

function partnerLocationMatches(ids: string | null, address: unknown): boolean {
  if (ids === null || ids.trim() === '') return true;
  const allowed = ids.split(',').map((id) => id.trim()).filter((id) => id !== '');
  const value = (typeof address === 'object' && address !== null ? (address as Record<string, unknown>).partner_location_id : undefined);
  return typeof value === 'string' && allowed.includes(value);
}

function valueAt(object: unknown, path: string): unknown {
  let current: unknown = object;
  for (const key of path.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/**
 * Does a configuration want this order trigger? The order is the response object of the envelope's
 * newImage. status ACTIVE; the trigger listed in notify_status (order triggers are named there like
 * statuses); merchants empty or naming the order's merchant; custom_conditions on the order. The
 * address and entity filters describe shipments and do not apply to orders.
 */
export function configurationWantsOrder(config: WebhookConfigurationFields, trigger: string, order: Record<string, unknown>): boolean {
  if (config.status !== 'ACTIVE') return false;
  if (!config.notify_status.includes(trigger)) return false;
  if (config.merchants.length > 0 && !config.merchants.includes(String(order.merchant ?? ''))) return false;
  return config.custom_conditions.every(({ path, values }) => {
    const value = valueAt(order, path);
    return value !== undefined && value !== null && values.includes(String(value));
  });
}
