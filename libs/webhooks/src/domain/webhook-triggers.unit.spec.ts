import { shipmentTriggers } from './webhook-triggers';

describe('shipment webhook triggers', () => {
  it('a status change raises the new status name, whatever event carried it', () => {
    expect(shipmentTriggers({ type: 'ShipmentBooked', data: {}, statusBefore: 'pending', statusAfter: 'booked' })).toEqual(['booked']);
    expect(shipmentTriggers({ type: 'ShipmentStatusChanged', data: {}, statusBefore: 'shipped', statusAfter: 'delivered' })).toEqual(['delivered']);
    expect(shipmentTriggers({ type: 'ShipmentCreated', data: {}, statusBefore: undefined, statusAfter: 'draft' })).toEqual(['draft']);
  });

  it('an event that leaves the status alone raises no status trigger', () => {
    expect(shipmentTriggers({ type: 'ShipmentUpdated', data: {}, statusBefore: 'draft', statusAfter: 'draft' })).toEqual([]);
  });

  it('labels raise default_label_update and/or service_label_update by the labels they carry', () => {
    const input = (labels: Record<string, string>) => ({ type: 'ShipmentLabelGenerated', data: { labels }, statusBefore: 'booked', statusAfter: 'booked' });
    expect(shipmentTriggers(input({ default_label_url: 'x' }))).toEqual(['default_label_update']);
    expect(shipmentTriggers(input({ service_pdf_label_url: 'x' }))).toEqual(['service_label_update']);
    expect(shipmentTriggers(input({ carrier_pdf_label_url: 'x', service_zpl_label_url: 'y' }))).toEqual(['default_label_update', 'service_label_update']);
  });

  it('a booking that carries labels raises booked, then the label triggers', () => {
    expect(shipmentTriggers({ type: 'ShipmentBooked', data: { labels: { default_label_url: 'x' } }, statusBefore: 'pending', statusAfter: 'booked' }))
      .toEqual(['booked', 'default_label_update']);
  });

  it('schedule and promise events raise their update triggers, after a status trigger', () => {
    const at = (type: string) => shipmentTriggers({ type, data: {}, statusBefore: 'booked', statusAfter: 'booked' });
    expect(at('CollectionScheduleUpdated')).toEqual(['scheduled_collection_update']);
    expect(at('DeliveryScheduleUpdated')).toEqual(['scheduled_delivery_update']);
    expect(at('DeliveryPromiseUpdated')).toEqual(['promised_delivery_update']);
    expect(shipmentTriggers({ type: 'DeliveryPromiseUpdated', data: {}, statusBefore: 'booked', statusAfter: 'delayed' })).toEqual(['delayed', 'promised_delivery_update']);
  });
});
