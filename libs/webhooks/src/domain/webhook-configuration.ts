/**
 * A webhook configuration (orders-interface, "Webhook configuration"): where deliveries go, which
 * events it wants and how failed deliveries are retried. Pure data and rules; storage and HTTP live in
 * application/.
 */
export const WEBHOOK_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

export const WEBHOOK_ENTITY_TYPES = ['Shipment', 'ReverseShipment', 'ReturnRequest'] as const;
export type WebhookEntityType = (typeof WEBHOOK_ENTITY_TYPES)[number];

/** A pickup or dropoff filter: address field → the values it may have (one value or a list). */
export type AddressFilter = Record<string, string | string[]>;

/** One custom condition: the value at a dotted path of the shipment must be one of `values`. */
export interface CustomCondition {
  path: string;
  values: string[];
}

/** The fields a client sets (POST and PUT; PUT clears what it leaves out). */
export interface WebhookConfigurationFields {
  config_name: string;
  url: string;
  status: WebhookStatus;
  entity_type: WebhookEntityType | null;
  headers: Record<string, string>;
  merchants: string[];
  pickup: AddressFilter | null;
  dropoff: AddressFilter | null;
  pickup_partner_location_ids: string | null;
  dropoff_partner_location_ids: string | null;
  custom_conditions: CustomCondition[];
  notify_label_update: boolean;
  notify_service_label_update: boolean;
  notify_rma_received_items: boolean;
  notify_rma_returned_items: boolean;
  notify_status: string[];
  initial_retry_frequency: number | null;
  max_retry_count: number | null;
  internal: boolean;
}

export interface WebhookConfiguration extends WebhookConfigurationFields {
  config_id: string;
  tenant_id: string;
  update_date: string;
}

/**
 * Headers every delivery sets itself; a configuration's static headers may not replace them (a receiver
 * relies on them, and a forged signature header would defeat verification).
 */
export const RESERVED_HEADER_NAMES: readonly string[] = [
  'content-type', 'content-length', 'host', 'transfer-encoding', 'connection',
  'event-id', 'trigger', 'webhook-id', 'webhook-timestamp', 'webhook-signature', 'aggregate-version',
];

/** A header name as HTTP allows it (RFC 9110 token). */
export const HEADER_NAME_PATTERN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;

/** Bounds of the configuration fields (also in docs/api/webhooks.md). */
export const WEBHOOK_LIMITS = {
  name: 250,
  url: 2048,
  headers: 20,
  headerValue: 1000,
  listItems: 100,
  filterKeys: 20,
  customConditions: 20,
  retryFrequencyMinutes: { min: 1, max: 1440 },
  retryCount: { min: 0, max: 20 },
} as const;

/** Retries when a configuration sets neither initial_retry_frequency nor max_retry_count: +1, +3, +5 minutes. */
export const DEFAULT_RETRY = { initialFrequencyMinutes: 1, maxRetryCount: 3 } as const;
/** No wait between two attempts is longer than this. */
export const MAX_RETRY_DELAY_MINUTES = 24 * 60;

/**
 * Minutes to wait after failed attempt number `attempt` (1 = the first send) before the next one, or
 * null when the configuration allows no more. The k-th retry waits (2k − 1) × initial_retry_frequency
 * after the attempt before it — the default 1 minute gives +1, +3, +5 — capped at 24 hours.
 */
export function retryDelayMinutes(config: Pick<WebhookConfigurationFields, 'initial_retry_frequency' | 'max_retry_count'>, attempt: number): number | null {
  const frequency = config.initial_retry_frequency ?? DEFAULT_RETRY.initialFrequencyMinutes;
  const retries = config.max_retry_count ?? DEFAULT_RETRY.maxRetryCount;
  if (attempt > retries) return null;
  return Math.min((2 * attempt - 1) * frequency, MAX_RETRY_DELAY_MINUTES);
}

/** The static header names a configuration may not set (compared without case). */
export function reservedHeaderNames(headers: Record<string, string>): string[] {
  return Object.keys(headers).filter((name) => RESERVED_HEADER_NAMES.includes(name.toLowerCase()));
}
