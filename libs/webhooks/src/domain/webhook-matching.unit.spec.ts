import { configurationWants, configurationWantsOrder } from './webhook-matching';
import type { WebhookConfigurationFields } from './webhook-configuration';

const base: WebhookConfigurationFields = {
  config_name: 'c', url: 'https://93.184.215.14/', status: 'ACTIVE', entity_type: null, headers: {}, merchants: [],
  pickup: null, dropoff: null, pickup_partner_location_ids: null, dropoff_partner_location_ids: null, custom_conditions: [],
  notify_label_update: false, notify_service_label_update: false, notify_rma_received_items: false, notify_rma_returned_items: false,
  notify_status: ['booked'], initial_retry_frequency: null, max_retry_count: null, internal: false,
};
const shipment = {
  status: 'booked', merchant: 'SHOP-A',
  pickup: { country: 'AE', city: 'Dubai', partner_location_id: 'LOC-1' },
  dropoff: { country: 'SA', city: 'Riyadh' },
  carrier_account: { carrier: 'SANDBOX' },
};
const wants = (overrides: Partial<WebhookConfigurationFields>, trigger = 'booked', subject: Record<string, unknown> = shipment) =>
  configurationWants({ ...base, ...overrides }, trigger, subject);

describe('which configurations want a shipment trigger', () => {
  it('status: only ACTIVE configurations receive anything', () => {
    expect(wants({})).toBe(true);
    expect(wants({ status: 'INACTIVE' })).toBe(false);
  });

  it('status triggers: only those listed in notify_status', () => {
    expect(wants({ notify_status: ['delivered'] })).toBe(false);
    expect(wants({ notify_status: [] })).toBe(false);
  });

  it('label triggers follow notify_label_update and notify_service_label_update; schedule updates always go', () => {
    expect(wants({}, 'default_label_update')).toBe(false);
    expect(wants({ notify_label_update: true }, 'default_label_update')).toBe(true);
    expect(wants({ notify_label_update: true }, 'service_label_update')).toBe(false);
    expect(wants({ notify_service_label_update: true }, 'service_label_update')).toBe(true);
    expect(wants({ notify_status: [] }, 'promised_delivery_update')).toBe(true);
  });

  it('entity_type: absent, Shipment for a FORWARD shipment, ReverseShipment for a REVERSE one', () => {
    expect(wants({ entity_type: 'Shipment' }, 'booked', { ...shipment, entity_type: 'FORWARD' })).toBe(true);
    expect(wants({ entity_type: 'Shipment' }, 'booked', { ...shipment, entity_type: 'REVERSE' })).toBe(false);
    expect(wants({ entity_type: 'ReverseShipment' }, 'booked', { ...shipment, entity_type: 'REVERSE' })).toBe(true);
    expect(wants({ entity_type: 'ReverseShipment' }, 'booked', { ...shipment, entity_type: 'FORWARD' })).toBe(false);
    expect(wants({ entity_type: 'ReturnRequest' })).toBe(false);
  });

  it('merchants: empty, or the shipment merchant among them', () => {
    expect(wants({ merchants: ['SHOP-A', 'SHOP-B'] })).toBe(true);
    expect(wants({ merchants: ['SHOP-B'] })).toBe(false);
    expect(wants({ merchants: ['SHOP-A'] }, 'booked', { ...shipment, merchant: undefined })).toBe(false);
  });

  it('pickup and dropoff filters: every named field equals one of its values', () => {
    expect(wants({ pickup: { country: 'AE' }, dropoff: { country: ['SA', 'KW'], city: 'Riyadh' } })).toBe(true);
    expect(wants({ dropoff: { country: ['AE'] } })).toBe(false);
    expect(wants({ pickup: { postcode: '00000' } })).toBe(false);
  });

  it('partner location filters: the address partner_location_id is one of the comma-separated ids', () => {
    expect(wants({ pickup_partner_location_ids: 'LOC-9, LOC-1' })).toBe(true);
    expect(wants({ pickup_partner_location_ids: 'LOC-9' })).toBe(false);
    expect(wants({ dropoff_partner_location_ids: 'LOC-1' })).toBe(false);
  });

  it('custom conditions: the value at each dotted path is one of its values', () => {
    expect(wants({ custom_conditions: [{ path: 'carrier_account.carrier', values: ['SANDBOX'] }] })).toBe(true);
    expect(wants({ custom_conditions: [{ path: 'carrier_account.carrier', values: ['HTTP'] }] })).toBe(false);
    expect(wants({ custom_conditions: [{ path: 'carrier_account.missing.deep', values: ['x'] }] })).toBe(false);
  });
});

describe('which configurations want an order trigger', () => {
  const order = { order_id: 'O-1', merchant: 'SHOP-A', status: 'open', channel: 'web' };
  const wantsOrder = (overrides: Partial<WebhookConfigurationFields>, trigger = 'ORDER_CREATE') =>
    configurationWantsOrder({ ...base, notify_status: ['ORDER_CREATE'], ...overrides }, trigger, order);

  it('the trigger must be listed in notify_status, and the configuration ACTIVE', () => {
    expect(wantsOrder({})).toBe(true);
    expect(wantsOrder({}, 'ORDER_CANCEL')).toBe(false);
    expect(wantsOrder({ status: 'INACTIVE' })).toBe(false);
  });
  it('merchants and custom conditions apply to the order; address filters do not', () => {
    expect(wantsOrder({ merchants: ['SHOP-B'] })).toBe(false);
    expect(wantsOrder({ merchants: ['SHOP-A'], pickup: { country: 'AE' } })).toBe(true);
    expect(wantsOrder({ custom_conditions: [{ path: 'channel', values: ['web'] }] })).toBe(true);
    expect(wantsOrder({ custom_conditions: [{ path: 'channel', values: ['pos'] }] })).toBe(false);
  });
});
