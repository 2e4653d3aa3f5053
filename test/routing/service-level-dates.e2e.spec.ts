import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp, type TestTenant } from '@shipledger/testing';
import { configurationClient } from '../configuration/support/configuration-client';
import { createCarrierAccount, shipmentClient, shipmentRequest, type ShipmentClient } from '../shipping/support/shipment-requests';

const DAY = 86_400_000;
const WEEKDAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'];
const dubai = { time_zone: 'Asia/Dubai', working_days: WEEKDAYS };

/** A Friday at least a week ahead (UTC date), so every date below counts from the order, not from the clock. */
function fridayAhead(): string {
  let day = Date.now() + 7 * DAY;
  while (new Date(day).getUTCDay() !== 5) day += DAY;
  return new Date(day).toISOString().slice(0, 10);
}
const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

describe('service-level dates on shipments (create and confirm) over HTTPS', () => {
  let app: TestApp;
  let tenant: TestTenant;
  let api: ShipmentClient;
  let merchant: string;
  let friday: string;
  let rules: Record<string, { rule_set_id: string; rule_id: string }>;

  beforeAll(async () => {
    app = await startTestApp({ worker: false });
    merchant = `M${randomUUID().slice(0, 8)}`;
    tenant = await app.createTenant({ merchants: [merchant, `N${randomUUID().slice(0, 8)}`] });
    api = shipmentClient(app, tenant);
    await createCarrierAccount(app, tenant);
    friday = fridayAhead();
    // Dubai is UTC+4. PROMISED: 2 working days, cut-off 14:00, by 20:00, the next Wednesday a blackout date.
    // FULFILLMENT: 4 working hours 09:00–18:00. SHIPPING: the next day by 17:00. DELIVERY: the next day by 19:00.
    const created = await configurationClient(app, tenant).create('/service-level-rulesets', {
      service_level_rule_set: { name: 'UAE', merchants: [merchant] },
      service_level_rules: [
        { rule_name: 'promise', config_type: 'PROMISED', sla: { ...dubai, duration: { days: 2 }, cutoff_times: WEEKDAYS.map((day) => ({ day, time: '14:00' })), eta_time: '20:00', blackout_dates: [plusDays(friday, 5)] } },
        { rule_name: 'warehouse', config_type: 'FULFILLMENT', sla: { ...dubai, duration: { hours: 4 }, working_hours: { start_time: '09:00', end_time: '18:00' } } },
        { rule_name: 'collection', config_type: 'SHIPPING', sla: { ...dubai, duration: { days: 1 }, eta_time: '17:00' } },
        { rule_name: 'last mile', config_type: 'DELIVERY', sla: { ...dubai, duration: { days: 1 }, eta_time: '19:00' } },
      ],
    });
    const rule_set_id = created.service_level_rule_set.rule_set_id;
    rules = Object.fromEntries(created.service_level_rules.map((rule: any) => [rule.config_type, { rule_set_id, rule_id: rule.rule_id }]));
  });
  afterAll(() => app?.close());

  const dates = (shipment: any) => ({
    promised_delivery_date: shipment.promised_delivery_date,
    estimated_process_date: shipment.estimated_process_date,
    estimated_ship_date: shipment.post_shipping_info.estimated_ship_date,
    estimated_delivery_date: shipment.post_shipping_info.estimated_delivery_date,
  });

  it('one minute after the cut-off: the promise moves a day, and past the blackout Wednesday to Thursday', async () => {
    const created = await api.create(shipmentRequest(merchant, { order_date: `${friday}T10:01:00Z` }));
    expect(created.status).toBe(200);
    expect(created.body.post_shipping_info.status).toBe('pending');
    expect(dates(created.body)).toEqual({
      promised_delivery_date: `${plusDays(friday, 6)}T16:00:00.000Z`,
      // Friday 14:01–18:00 and Monday 09:00–09:01
      estimated_process_date: `${plusDays(friday, 3)}T05:01:00.000Z`,
      // from the process date (Monday): Tuesday 17:00 Dubai; then Wednesday 19:00 Dubai
      estimated_ship_date: `${plusDays(friday, 4)}T13:00:00.000Z`,
      estimated_delivery_date: `${plusDays(friday, 5)}T15:00:00.000Z`,
    });
    expect(created.body.original_promised_delivery_date).toBe(created.body.promised_delivery_date);
    expect(dates((await api.get(created.body.shipment_id)).body)).toEqual(dates(created.body));
    // The history names the rule behind each date.
    const history = (await api.call('GET', `/shipments/${created.body.shipment_id}/history`)).body;
    const estimated = history.find((entry: any) => entry.type === 'ShipmentServiceLevelsEstimated');
    expect(estimated.change.applied).toEqual(['FULFILLMENT', 'SHIPPING', 'DELIVERY', 'PROMISED'].map((config_type) => ({ config_type, ...rules[config_type] })));
  });

  it('at the cut-off exactly: the promise counts from Friday (Tuesday 20:00)', async () => {
    const created = await api.create(shipmentRequest(merchant, { order_date: `${friday}T10:00:00Z` }));
    expect(created.body.promised_delivery_date).toBe(`${plusDays(friday, 4)}T16:00:00.000Z`);
  });

  it('a draft gets its dates on create; confirm keeps the first promise and re-estimates the rest', async () => {
    const draft = await api.create(shipmentRequest(merchant, { order_date: `${friday}T06:00:00Z` }), '?draft=true');
    expect(draft.body.post_shipping_info.status).toBe('draft');
    expect(dates(draft.body)).toMatchObject({
      promised_delivery_date: `${plusDays(friday, 4)}T16:00:00.000Z`, estimated_process_date: `${friday}T10:00:00.000Z`,
    });
    // The confirm's body moves the order to Monday 10:00 Dubai.
    const confirmed = await api.call('POST', `/shipments/${draft.body.shipment_id}/confirm`, { order_date: `${plusDays(friday, 3)}T06:00:00Z` });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.post_shipping_info.status).toBe('pending');
    expect(dates(confirmed.body)).toEqual({
      promised_delivery_date: draft.body.promised_delivery_date,
      estimated_process_date: `${plusDays(friday, 3)}T10:00:00.000Z`,
      estimated_ship_date: `${plusDays(friday, 4)}T13:00:00.000Z`,
      estimated_delivery_date: `${plusDays(friday, 5)}T15:00:00.000Z`,
    });
    expect(confirmed.body.original_promised_delivery_date).toBe(draft.body.promised_delivery_date);
  });

  it('a process date in the request wins and starts the collection count', async () => {
    const given = `${plusDays(friday, 4)}T08:00:00.000Z`;
    const created = await api.create(shipmentRequest(merchant, { order_date: `${friday}T06:00:00Z`, estimated_process_date: given }));
    expect(created.body.estimated_process_date).toBe(given);
    expect(created.body.post_shipping_info.estimated_ship_date).toBe(`${plusDays(friday, 5)}T13:00:00.000Z`);
  });

  it('a merchant no ruleset applies to: no dates, as before service levels', async () => {
    const created = await api.create(shipmentRequest(tenant.merchants[1]));
    expect(created.status).toBe(200);
    expect(created.body).not.toHaveProperty('promised_delivery_date');
    expect(created.body).not.toHaveProperty('estimated_process_date');
    expect(created.body.post_shipping_info).not.toHaveProperty('estimated_ship_date');
    expect(created.body.post_shipping_info).not.toHaveProperty('estimated_delivery_date');
  });
});
