import { ConfigurationCommandRejected } from './configuration.errors';
import type { ConfigurationCommand } from './configuration.commands';
import type { ConfigurationEvent, ConfigurationFields } from './configuration.events';
import { DECIDERS, type ConfigurationDecider } from './configuration.decider';
import type { ConfigurationKind } from './configuration.kinds';
import { evolveConfiguration, foldConfiguration } from './configuration.evolve';

const at = '2026-11-24T10:00:00.000Z';
const base = { tenant_id: 'T1', at, actor: 'client-1' };
const created = (kind: ConfigurationKind, id: string, fields: ConfigurationFields): ConfigurationEvent =>
  DECIDERS[kind].decide({ type: 'CreateConfigurationObject', id, fields, ...base }, DECIDERS[kind].initialState())[0]!;

function given(decider: ConfigurationDecider, events: ConfigurationEvent[]) {
  const state = events.reduce(decider.evolve, decider.initialState());
  return { when: (command: ConfigurationCommand) => () => decider.decide(command, state) };
}

describe('configuration deciders', () => {
  it('given nothing, when a location is created, then LocationCreated carries its fields', () => {
    const events = given(DECIDERS.location, []).when({ type: 'CreateConfigurationObject', id: 'L1', fields: { location_code: 'WH' }, ...base })();
    expect(events).toEqual([{ type: 'LocationCreated', data: { ...base, id: 'L1', fields: { location_code: 'WH' } } }]);
  });

  it('given a live code of overlapping merchants, when another is created with it, then it is refused as a duplicate', () => {
    const history = [created('location', 'L1', { location_code: 'WH', merchants: ['A'] })];
    const create = (merchants?: string[]) => given(DECIDERS.location, history)
      .when({ type: 'CreateConfigurationObject', id: 'L2', fields: { location_code: 'WH', ...(merchants ? { merchants } : {}) }, ...base });
    expect(create(['A', 'B'])).toThrow(new ConfigurationCommandRejected('duplicate', 'Duplicate location location_code: WH (merchant A)'));
    expect(create()).toThrow('Duplicate location location_code: WH');
    expect(create(['B'])()).toHaveLength(1);
  });

  it('given a deleted delivery type, when its code is created again, then it is accepted', () => {
    const first = created('delivery_type', 'D1', { code: 'X' });
    const deleted = DECIDERS.delivery_type.decide({ type: 'DeleteConfigurationObject', id: 'D1', ...base }, [first].reduce(DECIDERS.delivery_type.evolve, DECIDERS.delivery_type.initialState()));
    expect(deleted.map((e) => e.type)).toEqual(['DeliveryTypeDeleted']);
    expect(given(DECIDERS.delivery_type, [first, ...deleted]).when({ type: 'CreateConfigurationObject', id: 'D2', fields: { code: 'X' }, ...base })()).toHaveLength(1);
  });

  it('given an order type, when it is replaced with another code, then the code is kept and other fields replaced', () => {
    const events = given(DECIDERS.order_type, [created('order_type', 'O1', { code: 'B2B', merchants: ['A'] })])
      .when({ type: 'ReplaceConfigurationObject', id: 'O1', fields: { code: 'B2C' }, ...base })();
    expect(events).toEqual([{ type: 'OrderTypeUpdated', data: { ...base, id: 'O1', fields: { code: 'B2B' } } }]);
  });

  it('given a deleted object, when it is replaced, then it is refused; when deleted again, nothing is decided', () => {
    const history = [created('time_slot', 'S1', { from: '09:00', to: '12:00' })];
    const deleted = given(DECIDERS.time_slot, history).when({ type: 'DeleteConfigurationObject', id: 'S1', ...base })();
    expect(deleted).toEqual([{ type: 'TimeSlotDeleted', data: { ...base, id: 'S1', fields: { from: '09:00', to: '12:00' } } }]);
    const after = given(DECIDERS.time_slot, [...history, ...deleted]);
    expect(after.when({ type: 'ReplaceConfigurationObject', id: 'S1', fields: { from: '10:00', to: '11:00' }, ...base })).toThrow('The time slot S1 is deleted.');
    expect(after.when({ type: 'DeleteConfigurationObject', id: 'S1', ...base })()).toEqual([]);
  });

  it('given nothing, when an unknown id is replaced or deleted, then not_found', () => {
    expect(given(DECIDERS.attribute, []).when({ type: 'DeleteConfigurationObject', id: 'nope', ...base }))
      .toThrow('No custom attribute found with the custom attribute id: nope');
  });

  it('an attribute name is unique per entity type', () => {
    const history = [created('attribute', 'A1', { attribute_name: 'gift', attribute_entity_type: 'SHIPMENT' })];
    const create = (entity: string) => given(DECIDERS.attribute, history)
      .when({ type: 'CreateConfigurationObject', id: 'A2', fields: { attribute_name: 'gift', attribute_entity_type: entity }, ...base });
    expect(create('SHIPMENT')).toThrow('Duplicate custom attribute attribute_name: gift');
    expect(create('PRODUCT')()).toHaveLength(1);
  });

  it('foldConfiguration gives the state reducing evolve gives', () => {
    const history = [
      created('location', 'L1', { location_code: 'A' }), created('location', 'L2', { location_code: 'B' }),
      { type: 'LocationUpdated', data: { ...base, id: 'L1', fields: { location_code: 'C' } } },
      { type: 'LocationDeleted', data: { ...base, id: 'L2', fields: { location_code: 'B' } } },
      { type: 'LocationUpdated', data: { ...base, id: 'unknown', fields: {} } },
    ] as ConfigurationEvent[];
    const initial = DECIDERS.location.initialState();
    expect(foldConfiguration(initial, history)).toEqual(history.reduce(evolveConfiguration, initial));
    expect(foldConfiguration(foldConfiguration(initial, history.slice(0, 2)), history.slice(2))).toEqual(history.reduce(evolveConfiguration, initial));
  });
});
