import { randomUUID } from 'node:crypto';
import { orderRequest } from '../ordering/order-requests';
import { shipmentRequest } from '../shipping/support/shipment-requests';

/** What a valid request needs from the fuzz suite's fixture (two tenants and their objects). */
export interface FuzzFixture {
  /** Path parameter values by name, for the first tenant. */
  ids: Record<string, string>;
  merchant: string;
  clientId: string;
  clientSecret: string;
  documentName: string;
}

export type Credentials = 'tenant' | 'admin' | 'none';

export interface ValidRequest {
  credentials: Credentials;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
}

const PDF_BASE64 = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n').toString('base64');
const soon = () => new Date(Date.now() + 3 * 86_400_000).toISOString();
const code = (prefix: string) => `${prefix}_${randomUUID().slice(0, 8).toUpperCase()}`;
const location = () => ({
  location_name: 'Fuzz warehouse', contact_name: 'Desk', contact_phone: '+971500000001', address1: '1 Road', city: 'Dubai', country: 'AE',
});

/**
 * A valid request for every operation of the OpenAPI document, by `METHOD /template`. The fuzz suite
 * fails for an operation missing here: a new route must add its valid request before it is fuzzed.
 */
export const VALID_REQUESTS: Record<string, (f: FuzzFixture) => ValidRequest> = {
  'POST /oauth/token': (f) => ({ credentials: 'none', body: { client_id: f.clientId, client_secret: f.clientSecret, grant_type: 'client_credentials' } }),
  'POST /admin/tenants': () => ({ credentials: 'admin', body: { name: 'Fuzz tenant', merchants: [{ merchant_id: code('FZ'), name: 'Fuzz shop' }] } }),
  'GET /admin/tenants': () => ({ credentials: 'admin' }),
  'GET /admin/tenants/{tenantId}': () => ({ credentials: 'admin' }),
  'PATCH /admin/tenants/{tenantId}/settings': () => ({ credentials: 'admin', body: { legacy_compatibility: false, rate_limit_per_minute: 100_000 } }),
  'POST /admin/tenants/{tenantId}/merchants': () => ({ credentials: 'admin', body: { merchant_id: code('M'), name: 'Another shop' } }),
  'POST /admin/tenants/{tenantId}/api-key/rotate': () => ({ credentials: 'admin' }),
  'POST /admin/tenants/{tenantId}/clients': () => ({ credentials: 'admin', body: { name: 'Fuzz client', scopes: ['read:shipments'] } }),
  'GET /admin/tenants/{tenantId}/clients': () => ({ credentials: 'admin' }),
  'DELETE /admin/tenants/{tenantId}/clients/{clientId}': () => ({ credentials: 'admin' }),
  'GET /health': () => ({ credentials: 'none' }),
  'GET /health/ready': () => ({ credentials: 'none' }),
  'GET /shipments/bulk/status': (f) => ({ credentials: 'tenant', query: { shipment_id: f.ids.shipment_id } }),
  'POST /shipments/bulk/status/refresh': (f) => ({ credentials: 'tenant', query: { shipment_id: f.ids.shipment_id } }),
  'GET /manifests': (f) => ({ credentials: 'tenant', query: { merchant: f.merchant, status: 'submitted', page: '0', page_size: '10' } }),
  'POST /manifests': (f) => ({ credentials: 'tenant', body: { merchant: f.merchant, carrier_account: f.ids.carrierAccountId, shipment_ids: [f.ids.shipment_id], ship_manifest_date: soon().slice(0, 10) } }),
  'GET /manifests/{manifest_id}': () => ({ credentials: 'tenant' }),
  'DELETE /manifests/{manifest_id}': () => ({ credentials: 'tenant' }),
  'PATCH /manifests/{manifest_id}/cancel': () => ({ credentials: 'tenant' }),
  'PATCH /manifests/{manifest_id}/retry': () => ({ credentials: 'tenant' }),
  'PATCH /manifests/{manifest_id}/ship': () => ({ credentials: 'tenant' }),
  'GET /manifests/{manifest_id}/document': () => ({ credentials: 'none', query: { expires: String(Math.floor(Date.now() / 1000) + 600), signature: 'AAAA' } }),
  'GET /shipments': (f) => ({ credentials: 'tenant', query: { page_size: '10', page: '0', merchant: f.merchant, search_string: 'PSR' } }),
  'POST /shipments': (f) => ({ credentials: 'tenant', query: { draft: 'true' }, body: shipmentRequest(f.merchant) }),
  'GET /shipments/{shipment_id}/history': () => ({ credentials: 'tenant', query: { as_of: new Date().toISOString() } }),
  'GET /shipments/{shipment_id}': () => ({ credentials: 'tenant' }),
  'PUT /shipments/{shipment_id}': (f) => ({ credentials: 'tenant', body: shipmentRequest(f.merchant) }),
  'PATCH /shipments/{shipment_id}': () => ({ credentials: 'tenant', body: { dropoff: shipmentRequest('x').dropoff, custom_attributes: { gift_note: ['Hi'] } } }),
  'POST /shipments/{shipment_id}/confirm': () => ({ credentials: 'tenant', body: {} }),
  'POST /shipments/{shipment_id}/cancel': () => ({ credentials: 'tenant', body: { update_reason_code: 'CUSTOMER_REQUEST' } }),
  'POST /shipments/{shipment_id}/reprocess': () => ({ credentials: 'tenant', body: {} }),
  'POST /shipments/{shipment_id}/reassign': (f) => ({ credentials: 'tenant', body: { carrier_account: { carrier_id: f.ids.carrierAccountId } } }),
  'POST /shipments/{shipment_id}/ready-to-ship': () => ({ credentials: 'tenant', body: {} }),
  'POST /shipments/{shipment_id}/update-status': () => ({ credentials: 'tenant', body: { new_status: 'cancelled' } }),
  'PUT /shipments/{shipment_id}/parcels': () => ({ credentials: 'tenant', body: { parcels: shipmentRequest('x').parcels } }),
  'POST /shipments/{shipment_id}/update-delivery-promise': () => ({ credentials: 'tenant', body: { revised_promised_delivery_date: soon() } }),
  'POST /shipments/{shipment_id}/update-delivery-schedule': () => ({ credentials: 'tenant', body: { scheduled_date: soon().slice(0, 10) } }),
  'POST /shipments/{shipment_id}/update-collection-schedule': () => ({ credentials: 'tenant', body: { scheduled_from: soon(), scheduled_to: soon() } }),
  'POST /shipments/{shipment_id}/label/refresh': () => ({ credentials: 'tenant' }),
  'POST /shipments/{shipment_id}/documents': (f) => ({ credentials: 'tenant', body: { document_name: f.documentName, content_base64: PDF_BASE64 } }),
  'POST /shipments/{shipment_id}/documents/bulk': (f) => ({ credentials: 'tenant', body: [{ document_name: f.documentName, content_base64: PDF_BASE64 }] }),
  'PUT /shipments/{shipment_id}/documents/{document_identifier}': () => ({ credentials: 'tenant', body: { content_base64: PDF_BASE64 } }),
  'POST /shipments/{shipment_id}/documents/{document_identifier}/retry-upload': () => ({ credentials: 'tenant' }),
  'GET /document-settings': () => ({ credentials: 'tenant' }),
  'POST /document-settings': () => ({ credentials: 'tenant', body: { document_name: code('Doc'), description: 'fuzz' } }),
  'GET /document-settings/{document_id}': () => ({ credentials: 'tenant' }),
  'PUT /document-settings/{document_id}': (f) => ({ credentials: 'tenant', body: { document_name: f.documentName, description: 'again' } }),
  'DELETE /document-settings/{document_id}': () => ({ credentials: 'tenant' }),
  'POST /shipments/{shipment_id}/estimate-shipping-cost': () => ({ credentials: 'tenant' }),
  'POST /checkout/shipping-rates': (f) => ({ credentials: 'tenant', body: { merchant: f.merchant, dropoff: { city: 'Dubai', country: 'AE' }, items: shipmentRequest('x').items } }),
  'GET /carrier-accounts': () => ({ credentials: 'tenant', query: { status: 'active' } }),
  'POST /carrier-accounts': () => ({ credentials: 'tenant', body: { carrier_account_name: code('Acc'), carrier: 'SANDBOX', property: {}, status: 'active' } }),
  'GET /carrier-accounts/{carrierAccountId}': () => ({ credentials: 'tenant' }),
  'PUT /carrier-accounts/{carrierAccountId}': () => ({ credentials: 'tenant', body: { carrier_account_name: code('Acc'), carrier: 'SANDBOX', property: {} } }),
  'DELETE /carrier-accounts/{carrierAccountId}': () => ({ credentials: 'tenant' }),
  'GET /labels/{shipmentId}/{kind}': () => ({ credentials: 'none', query: { expires: String(Math.floor(Date.now() / 1000) + 600), signature: 'AAAA' } }),
  'POST /carriers/tracking-events': (f) => ({
    credentials: 'none',
    headers: { 'x-carrier-account-id': f.ids.carrierAccountId, 'x-carrier-webhook-secret': 'not-the-secret' },
    body: { tracking_no: 'TRK1', status: 'in_transit', date: new Date().toISOString() },
  }),
  'GET /sandbox/clock': () => ({ credentials: 'tenant' }),
  'POST /sandbox/clock/advance': () => ({ credentials: 'tenant', body: { minutes: 5 } }),
  'GET /sandbox/webhook-inbox': () => ({ credentials: 'tenant', query: { page: '0', page_size: '10', trigger: 'booked' } }),
  'POST /sandbox/webhook-inbox/{inboxId}': () => ({
    credentials: 'none',
    headers: { 'webhook-id': 'msg_fuzz', 'webhook-timestamp': String(Math.floor(Date.now() / 1000)), 'webhook-signature': 'v1,AAAA', 'event-id': randomUUID(), trigger: 'booked' },
    body: { shipment_id: 'S-FUZZ', status: 'booked' },
  }),
  'GET /reports/shipments-per-day': (f) => ({ credentials: 'tenant', query: report(f) }),
  'GET /reports/booking-outcomes': (f) => ({ credentials: 'tenant', query: report(f) }),
  'GET /reports/lead-times': (f) => ({ credentials: 'tenant', query: report(f) }),
  'GET /reports/on-time': (f) => ({ credentials: 'tenant', query: { ...report(f), as_of: new Date().toISOString() } }),
  'GET /reports/exceptions': (f) => ({ credentials: 'tenant', query: { merchant: f.merchant, pending_minutes: '30', stuck_hours: '24', limit: '10' } }),
  'GET /reports/orders-per-status': (f) => ({ credentials: 'tenant', query: report(f) }),
  'GET /reports/order-to-shipment': (f) => ({ credentials: 'tenant', query: report(f) }),
  'GET /reports/operations': () => ({ credentials: 'tenant' }),
  'POST /orders': (f) => ({ credentials: 'tenant', body: orderRequest(f.merchant) }),
  'POST /orders/bulk/import': (f) => ({ credentials: 'tenant', body: { order_requests: [orderRequest(f.merchant)] } }),
  'GET /orders': (f) => ({ credentials: 'tenant', query: { merchant: f.merchant } }),
  'GET /orders/{reference}': () => ({ credentials: 'tenant' }),
  'GET /orders/{reference}/history': () => ({ credentials: 'tenant' }),
  'PATCH /orders/{reference}': () => ({ credentials: 'tenant', body: { notes: 'fuzz' } }),
  'POST /orders/{reference}/cancel': () => ({ credentials: 'tenant', body: { cancellation_reason: 'STAFF_ERROR' } }),
  'POST /orders/{reference}/fulfillment-orders/merge': (f) => ({
    credentials: 'tenant', body: { source: { fulfillment_order_id: f.ids.fulfillmentOrderId }, destination: { fulfillment_order_id: f.ids.fulfillmentOrderId } },
  }),
  'POST /orders/{reference}/fulfillment-orders/{fulfillmentOrderId}/split': () => ({ credentials: 'tenant', body: { line_items: [{ id: 'A', quantity: 1 }] } }),
  'POST /orders/{reference}/fulfillment-orders/{fulfillmentOrderId}/cancel': () => ({
    credentials: 'tenant', body: { cancellation_reason: 'STAFF_ERROR', line_items: [{ id: 'A', quantity: 1 }] },
  }),
  'PATCH /orders/{reference}/fulfillment-orders/{fulfillmentOrderId}/update-location': (f) => ({ credentials: 'tenant', body: { location_id: f.ids.locationId } }),
  'PATCH /orders/{reference}/fulfillment-orders/{fulfillmentOrderId}': () => ({ credentials: 'tenant', body: { partner_fulfillment_order_reference: code('FO') } }),
  'POST /orders/{reference}/fulfillment-orders/{fulfillmentOrderId}/fulfill': () => ({
    credentials: 'tenant', query: { create_draft_shipment: 'true' }, body: { line_items: [{ id: 'A', quantity: 1 }] },
  }),
  'POST /orders/{reference}/fulfillment-orders/{fulfillmentOrderId}/ship': () => ({ credentials: 'tenant', body: { line_items: [{ id: 'A', quantity: 1 }] } }),
  'POST /orders/{reference}/fulfillment-orders/{fulfillmentOrderId}/unfulfill': () => ({ credentials: 'tenant', body: { fulfillment_ids: ['unknown'] } }),
  'PUT /inventory/settings/{merchant}': () => ({ credentials: 'tenant', body: { enabled: false, stock_reduction_timing: 'ON_ORDER_FULFILLED' } }),
  'GET /inventory/settings/{merchant}': () => ({ credentials: 'tenant' }),
  'POST /inventory/set': (f) => ({ credentials: 'tenant', body: { location_id: f.ids.locationId, items: [{ sku: 'SKU-A', on_hand: 5 }] } }),
  'POST /inventory/adjust': (f) => ({ credentials: 'tenant', body: { location_id: f.ids.locationId, items: [{ sku: 'SKU-A', delta: 1, reason: 'fuzz' }] } }),
  'GET /inventory': (f) => ({ credentials: 'tenant', query: { location_id: f.ids.locationId, sku: 'SKU-A', page: '0', page_size: '10' } }),
  'GET /inventory/{sku}/ledger': () => ({ credentials: 'tenant', query: { limit: '10' } }),
  ...configurationRequests(),
  ...automationRulesetRequests(),
  ...serviceLevelRulesetRequests(),
  'POST /webhooks/{webhookId}/rotate-secret': () => ({ credentials: 'tenant', body: { overlap_seconds: 3600 } }),
  'GET /webhooks/{webhookId}/deliveries': () => ({
    credentials: 'tenant', query: { status: 'failed', trigger: 'booked', from: new Date(Date.now() - 86_400_000).toISOString(), page: '0', page_size: '20' },
  }),
  'GET /shipments/{shipment_id}/webhook-deliveries': () => ({ credentials: 'tenant', query: { page_size: '10' } }),
  'GET /orders/{reference}/webhook-deliveries': () => ({ credentials: 'tenant', query: { status: 'delivered' } }),
  'POST /webhooks/{webhookId}/replay': (f) => ({ credentials: 'tenant', body: { shipment_id: f.ids.shipment_id } }),
  'GET /webhooks/{webhookId}/replays/{replayId}': () => ({ credentials: 'tenant' }),
};

/** A valid automation ruleset body (routing: docs/api/routing.md). */
export function automationRulesetBody(merchant: string): Record<string, unknown> {
  return {
    automation_rule_set: { name: code('RS'), entity_type: 'FORWARD', merchants: [merchant], countries: ['AE'] },
    automation_rules: [automationRuleBody()],
  };
}

const automationRuleBody = () => ({
  rule_name: code('rule'), carrier_accounts: [{ carrier_account_id: 'fuzz-account' }], delivery_type: { operator: 'INCLUSION', value: ['EXPRESS'] },
  dropoff_v2: { operator: 'INCLUSION', value: [{ country: 'AE', state_cities: [{ state: 'Dubai', city_areas: [{ city: 'Dubai', areas: ['Marina'] }] }] }] },
  gross_weight: { min_value: 0, max_value: 30 }, order_value_min: -1, order_value_max: 1000, days: ['MONDAY'], start_time: '09:00', end_time: '18:00',
  custom_conditions: { operator: 'INCLUSION', value: [{ attribute_name: 'gift_note', operation: 'CONTAINS', values: ['Hi'] }] },
});

function automationRulesetRequests(): Record<string, (f: FuzzFixture) => ValidRequest> {
  const tenant = (body?: unknown, query?: Record<string, string>): ValidRequest => ({ credentials: 'tenant', ...(body !== undefined ? { body } : {}), ...(query ? { query } : {}) });
  return {
    'POST /automation-rulesets': (f) => tenant(automationRulesetBody(f.merchant)),
    'GET /automation-rulesets': (f) => tenant(undefined, { merchant: f.merchant, 'entity-type': 'FORWARD' }),
    'GET /automation-rulesets/{rulesetId}': () => tenant(),
    'PUT /automation-rulesets/{rulesetId}': (f) => tenant(automationRulesetBody(f.merchant)),
    'PATCH /automation-rulesets/{rulesetId}': () => tenant({ automation_rule_set: { status: 'INACTIVE' } }),
    'DELETE /automation-rulesets/{rulesetId}': () => tenant(),
    'POST /automation-rulesets/{rulesetId}/rules': () => tenant(automationRuleBody()),
    'PATCH /automation-rulesets/{rulesetId}/rules/sequences': (f) => tenant([{ rule_id: f.ids.ruleId, sequence: 5 }]),
    'GET /automation-rulesets/{rulesetId}/rules/{ruleId}': () => tenant(),
    'PUT /automation-rulesets/{rulesetId}/rules/{ruleId}': () => tenant(automationRuleBody()),
    'DELETE /automation-rulesets/{rulesetId}/rules/{ruleId}': () => tenant(),
    'POST /automation-rulesets/evaluate': (f) => tenant({ shipment_id: f.ids.shipment_id, at: new Date().toISOString() }),
    'POST /automation-rulesets/{rulesetId}/backtest': () => tenant({ from: new Date(Date.now() - 86_400_000).toISOString(), to: new Date().toISOString(), sample_size: 5 }),
  };
}

/** A valid service-level ruleset body (docs/api/service-levels.md): a rule of each SLA shape. */
export function serviceLevelRulesetBody(merchant: string): Record<string, unknown> {
  return {
    service_level_rule_set: { name: code('SL'), entity_type: 'FORWARD', merchants: [merchant], countries: ['AE'] },
    service_level_rules: [serviceLevelRuleBody(), serviceLevelRuleBody('FULFILLMENT')],
  };
}

const serviceLevelRuleBody = (configType = 'PROMISED') => ({
  rule_name: code('sla'), config_type: configType, delivery_type: { operator: 'INCLUSION', value: ['EXPRESS'] },
  sla: configType === 'PROMISED'
    ? { duration: { days: 2 }, time_zone: 'Asia/Dubai', working_days: ['MONDAY', 'TUESDAY'], cutoff_times: [{ day: 'MONDAY', time: '14:00' }], blackout_dates: ['2026-12-02'], eta_time: '20:00' }
    : { duration: { hours: 4, minutes: 30 }, time_zone: 'Asia/Dubai', working_hours: { start_time: '09:00', end_time: '18:00' } },
});

function serviceLevelRulesetRequests(): Record<string, (f: FuzzFixture) => ValidRequest> {
  const tenant = (body?: unknown, query?: Record<string, string>): ValidRequest => ({ credentials: 'tenant', ...(body !== undefined ? { body } : {}), ...(query ? { query } : {}) });
  const one = '/service-level-rulesets/{serviceLevelRulesetId}';
  const rule = `${one}/rules/{serviceLevelRuleId}`;
  return {
    'POST /service-level-rulesets': (f) => tenant(serviceLevelRulesetBody(f.merchant)),
    'GET /service-level-rulesets': (f) => tenant(undefined, { merchant: f.merchant, 'entity-type': 'FORWARD' }),
    [`GET ${one}`]: () => tenant(),
    [`PUT ${one}`]: (f) => tenant(serviceLevelRulesetBody(f.merchant)),
    [`PATCH ${one}`]: () => tenant({ service_level_rule_set: { status: 'INACTIVE' } }),
    [`DELETE ${one}`]: () => tenant(),
    [`POST ${one}/rules`]: () => tenant(serviceLevelRuleBody()),
    [`PATCH ${one}/rules/sequences`]: (f) => tenant([{ rule_id: f.ids.serviceLevelRuleId, sequence: 5 }]),
    [`GET ${rule}`]: () => tenant(),
    [`PUT ${rule}`]: () => tenant(serviceLevelRuleBody('FULFILLMENT')),
    [`DELETE ${rule}`]: () => tenant(),
  };
}

function report(f: FuzzFixture): Record<string, string> {
  return { merchant: f.merchant, from: new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10), to: new Date().toISOString().slice(0, 10), time_zone: 'Asia/Dubai' };
}

function configurationRequests(): Record<string, (f: FuzzFixture) => ValidRequest> {
  const bodies: Record<string, (f: FuzzFixture) => unknown> = {
    '/locations': (f) => ({ ...location(), location_code: code('WH'), coords: '25.2,55.3', merchants: [f.merchant] }),
    '/delivery-types': () => ({ code: code('DT') }),
    '/order-types': () => ({ code: code('OT') }),
    '/time-slots': () => ({ time_slot_id: code('TS'), from: '09:00', to: '13:00' }),
    '/attributes': () => ({ attribute_name: code('attr').toLowerCase(), attribute_type: 'STRING' }),
    // A global unicast literal: the outbound guard accepts it without DNS (nothing is sent by a create).
    '/webhooks': (f) => ({ config_name: code('hook'), url: 'https://93.184.215.14/hooks/fuzz', merchants: [f.merchant], notify_status: ['booked'] }),
  };
  const params: Record<string, string> = {
    '/locations': 'locationId', '/delivery-types': 'deliveryTypeId', '/order-types': 'orderTypeId', '/time-slots': 'timeSlotId', '/attributes': 'attributeId',
    '/webhooks': 'webhookId',
  };
  return Object.fromEntries(Object.entries(bodies).flatMap(([path, body]) => [
    [`GET ${path}`, () => ({ credentials: 'tenant' as const })],
    [`POST ${path}`, (f: FuzzFixture) => ({ credentials: 'tenant' as const, body: body(f) })],
    [`GET ${path}/{${params[path]}}`, () => ({ credentials: 'tenant' as const })],
    [`PUT ${path}/{${params[path]}}`, (f: FuzzFixture) => ({ credentials: 'tenant' as const, body: body(f) })],
    [`DELETE ${path}/{${params[path]}}`, () => ({ credentials: 'tenant' as const })],
  ]));
}
