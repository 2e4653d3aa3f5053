import { deciderSpec } from '@shipledger/testing';
import { ConfigurationCommandRejected } from './configuration.errors';
import type { ConfigurationCommand } from './configuration.commands';
import type { ConfigurationEvent, ConfigurationFields } from './configuration.events';
import { DECIDERS } from './configuration.decider';
import type { ConfigurationKind } from './configuration.kinds';
import { evolveConfiguration, foldConfiguration } from './configuration.evolve';

const at = '2026-11-24T10:00:00.000Z';
const base = { tenant_id: 'T1', at, actor: 'client-1' };
const spec = (kind: ConfigurationKind) => deciderSpec(DECIDERS[kind]);
const create = (id: string, fields: ConfigurationFields): ConfigurationCommand => ({ type: 'CreateConfigurationObject', id, fields, ...base });
const replace = (id: string, fields: ConfigurationFields): ConfigurationCommand => ({ type: 'ReplaceConfigurationObject', id, fields, ...base });
const remove = (id: string): ConfigurationCommand => ({ type: 'DeleteConfigurationObject', id, ...base });
/** The event of a change, as the decider writes it: `LocationCreated { …base, id, fields }`. */
const event = (type: string, id: string, fields: ConfigurationFields): ConfigurationEvent =>
  ({ type, data: { ...base, id, fields } }) as ConfigurationEvent;

describe('configuration deciders', () => {
  it('given nothing, when a location is created, then LocationCreated carries its fields', () =>
    spec('location').given([]).when(create('L1', { location_code: 'WH' })).then([event('LocationCreated', 'L1', { location_code: 'WH' })]));

  it('given a live code of overlapping merchants, when another is created with it, then it is refused as a duplicate', () => {
    const given = spec('location').given([event('LocationCreated', 'L1', { location_code: 'WH', merchants: ['A'] })]);
    given.when(create('L2', { location_code: 'WH', merchants: ['A', 'B'] }))
      .thenThrows(new ConfigurationCommandRejected('duplicate', 'Duplicate location location_code: WH (merchant A)'));
    given.when(create('L2', { location_code: 'WH' })).thenThrows('Duplicate location location_code: WH');
    given.when(create('L2', { location_code: 'WH', merchants: ['B'] })).then([event('LocationCreated', 'L2', { location_code: 'WH', merchants: ['B'] })]);
  });

  it('given a deleted delivery type, when its code is created again, then it is accepted', () => {
    const created = event('DeliveryTypeCreated', 'D1', { code: 'X' });
    spec('delivery_type').given([created]).when(remove('D1')).then([event('DeliveryTypeDeleted', 'D1', { code: 'X' })]);
    spec('delivery_type').given([created, event('DeliveryTypeDeleted', 'D1', { code: 'X' })]).when(create('D2', { code: 'X' }))
      .then([event('DeliveryTypeCreated', 'D2', { code: 'X' })]);
  });

  it('given an order type, when it is replaced with another code, then the code is kept and other fields replaced', () =>
    spec('order_type').given([event('OrderTypeCreated', 'O1', { code: 'B2B', merchants: ['A'] })]).when(replace('O1', { code: 'B2C' }))
      .then([event('OrderTypeUpdated', 'O1', { code: 'B2B' })]));

  it('given a deleted object, when it is replaced, then it is refused; when deleted again, nothing is decided', () => {
    const created = event('TimeSlotCreated', 'S1', { from: '09:00', to: '12:00' });
    const deleted = event('TimeSlotDeleted', 'S1', { from: '09:00', to: '12:00' });
    spec('time_slot').given([created]).when(remove('S1')).then([deleted]);
    spec('time_slot').given([created, deleted]).when(replace('S1', { from: '10:00', to: '11:00' })).thenThrows('The time slot S1 is deleted.');
    spec('time_slot').given([created, deleted]).when(remove('S1')).thenNothing();
  });

  it('given nothing, when an unknown id is replaced or deleted, then not_found', () => {
    spec('attribute').given([]).when(remove('nope')).thenThrows('No custom attribute found with the custom attribute id: nope');
    spec('attribute').given([]).when(replace('nope', { attribute_name: 'gift' })).thenThrows('No custom attribute found with the custom attribute id: nope');
  });

  it('an attribute name is unique per entity type', () => {
    const given = spec('attribute').given([event('AttributeCreated', 'A1', { attribute_name: 'gift', attribute_entity_type: 'SHIPMENT' })]);
    given.when(create('A2', { attribute_name: 'gift', attribute_entity_type: 'SHIPMENT' })).thenThrows('Duplicate custom attribute attribute_name: gift');
    given.when(create('A2', { attribute_name: 'gift', attribute_entity_type: 'PRODUCT' }))
      .then([event('AttributeCreated', 'A2', { attribute_name: 'gift', attribute_entity_type: 'PRODUCT' })]);
  });

  it('foldConfiguration gives the state reducing evolve gives', () => {
    const history = [
      event('LocationCreated', 'L1', { location_code: 'A' }), event('LocationCreated', 'L2', { location_code: 'B' }),
      event('LocationUpdated', 'L1', { location_code: 'C' }), event('LocationDeleted', 'L2', { location_code: 'B' }),
      event('LocationUpdated', 'unknown', {}),
    ];
    const initial = DECIDERS.location.initialState();
    expect(foldConfiguration(initial, history)).toEqual(history.reduce(evolveConfiguration, initial));
    expect(foldConfiguration(foldConfiguration(initial, history.slice(0, 2)), history.slice(2))).toEqual(history.reduce(evolveConfiguration, initial));
  });
});
