import { CONFIGURATION_DELETED_EVENT_TYPES, CONFIGURATION_EVENT_TYPES, configurationDeletionOf } from './configuration.events';

describe('configuration events as contracts', () => {
  it('name fifteen event types, five of them deletions', () => {
    expect(CONFIGURATION_EVENT_TYPES).toHaveLength(15);
    expect(CONFIGURATION_DELETED_EVENT_TYPES).toEqual(['LocationDeleted', 'DeliveryTypeDeleted', 'OrderTypeDeleted', 'TimeSlotDeleted', 'AttributeDeleted']);
  });

  it('a deletion names the kind, tenant, id and code a consumer drops references by', () => {
    const data = { tenant_id: 'T1', id: 'L1', fields: { location_code: 'WH-1', location_name: 'x' }, at: 'now', actor: 'c' };
    expect(configurationDeletionOf({ type: 'LocationDeleted', data })).toEqual({ kind: 'location', tenant_id: 'T1', id: 'L1', code: 'WH-1' });
    expect(configurationDeletionOf({ type: 'TimeSlotDeleted', data: { ...data, fields: { from: '09:00', to: '10:00' } } }))
      .toEqual({ kind: 'time_slot', tenant_id: 'T1', id: 'L1' });
    expect(configurationDeletionOf({ type: 'LocationUpdated', data })).toBeUndefined();
    expect(configurationDeletionOf({ type: 'ShipmentCreated', data })).toBeUndefined();
  });
});
