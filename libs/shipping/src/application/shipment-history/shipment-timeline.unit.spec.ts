import { randomUUID } from 'node:crypto';
import { sampleContent, ShipmentEventLog } from '../../../../../test/shipping/read-models/shipment-events.fixture';
import { shipmentAsOf, shipmentTimeline } from './shipment-timeline';

function lifecycle() {
  const log = new ShipmentEventLog();
  const id = `shp-${randomUUID()}`;
  log.draft(id, '2026-11-01T10:00:00.000Z', sampleContent({ ref: `R-${randomUUID()}` }));
  log.append(id, { type: 'ShipmentUpdated', data: {
    mode: 'merge', changes: { language: 'fr' }, at: '2026-11-02T10:00:00.000Z', actor: 'client-2' } });
  log.append(id, { type: 'ShipmentConfirmed', data: {
    carrier_account: { carrier: 'SANDBOX', carrier_id: 'ca-1', carrier_account_name: 'Sandbox' }, warnings: [],
    at: '2026-11-03T10:00:00.000Z', actor: 'client-1' } });
  log.append(id, { type: 'ShipmentCancelled', data: {
    previous_status: 'pending', update_reason_code: 'CUSTOMER_REQUEST', at: '2026-11-04T10:00:00.000Z', actor: 'client-3' } });
  return { id, events: log.events };
}

describe('shipment timeline', () => {
  it('lists every event in order with its time, actor, change and resulting status', () => {
    const { events } = lifecycle();
    const timeline = shipmentTimeline(events);
    expect(timeline.map((e) => [e.revision, e.type, e.resulting_status, e.actor])).toEqual([
      [0, 'ShipmentDraftCreated', 'draft', 'client-1'],
      [1, 'ShipmentUpdated', 'draft', 'client-2'],
      [2, 'ShipmentConfirmed', 'pending', 'client-1'],
      [3, 'ShipmentCancelled', 'cancelled', 'client-3'],
    ]);
    expect(timeline[1]).toMatchObject({ occurred_at: '2026-11-02T10:00:00.000Z', change: { mode: 'merge', changes: { language: 'fr' } } });
    expect(timeline[3]?.change).toEqual({ previous_status: 'pending', update_reason_code: 'CUSTOMER_REQUEST' });
  });
});

describe('shipment as of a time', () => {
  it('is undefined before the shipment existed', () => {
    expect(shipmentAsOf(lifecycle().events, '2026-11-01T09:59:59.999Z')).toBeUndefined();
  });

  it.each([
    ['2026-11-01T10:00:00.000Z', 'draft', undefined],
    ['2026-11-02T12:00:00.000Z', 'draft', 'fr'],
    ['2026-11-03T10:00:00.000Z', 'pending', 'fr'],
    ['2030-01-01T00:00:00.000Z', 'cancelled', 'fr'],
  ])('at %s is %s, with the changes made by then', (asOf, status, language) => {
    const state = shipmentAsOf(lifecycle().events, asOf);
    expect(state?.status).toBe(status);
    expect(state?.content.language).toBe(language);
  });

  it('stops at the first later event, so it never folds a state the shipment did not have', () => {
    const { events } = lifecycle();
    const skewed = events.map((e, i) => (i === 2 ? { ...e, data: { ...(e.data as object), at: '2026-11-05T00:00:00.000Z' } } : e));
    expect(shipmentAsOf(skewed, '2026-11-04T12:00:00.000Z')?.status).toBe('draft');
  });
});
