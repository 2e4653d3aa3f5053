import { deciderSpec } from '@shipledger/testing';
import { ASSIGNED, STAMP, bookableContent } from './shipment.fixtures';
import type { CreateShipment, ShipmentCommand } from './shipment.commands';
import { shipmentDecider } from './shipment.decider';
import type { ShipmentEvent } from './shipment.events';
import type { ServiceLevelDates } from './shipment.service-levels';

const spec = deciderSpec(shipmentDecider);
const applied = [{ config_type: 'PROMISED' as const, rule_set_id: 'RS1', rule_id: 'R1' }];
const DATES: ServiceLevelDates = {
  promised_delivery_date: '2026-11-24T16:00:00.000Z',
  estimated_process_date: '2026-11-21T14:00:00.000Z',
  estimated_ship_date: '2026-11-22T13:00:00.000Z',
  estimated_delivery_date: '2026-11-23T15:00:00.000Z',
  applied,
};
const create = (draft: boolean, service_levels?: ServiceLevelDates, content = bookableContent()): CreateShipment => ({
  type: 'CreateShipment', shipment_id: 'shp-1', tenant_id: 't-1', content, draft, carrier: ASSIGNED, booking_attempt_id: 'a-1', service_levels, ...STAMP,
});
const created = (draft: boolean, content = bookableContent()): ShipmentEvent[] => shipmentDecider.decide(create(draft, undefined, content), shipmentDecider.initialState());
const confirm = (service_levels?: ServiceLevelDates): ShipmentCommand => ({ type: 'ConfirmShipment', carrier: ASSIGNED, booking_attempt_id: 'a-2', service_levels, ...STAMP });
const estimated = (data: Partial<ServiceLevelDates>): ShipmentEvent => ({ type: 'ShipmentServiceLevelsEstimated', data: { applied, ...data, ...STAMP } });

describe('service-level dates on create and confirm', () => {
  it('given nothing, when a draft is created with dates, then they follow the creation', () => {
    spec.given([]).when(create(true, DATES)).then([...created(true), estimated(DATES)]);
  });

  it('given nothing, when a shipment is created and confirmed with dates, then they follow the booking request', () => {
    spec.given([]).when(create(false, DATES)).then([...created(false), estimated(DATES)]);
  });

  it('given nothing, when a shipment is created without dates, then there is no estimate (fields stay absent)', () => {
    spec.given([]).when(create(false)).thenState((state) => {
      expect(state.promised_delivery_date).toBeUndefined();
      expect(state.service_levels).toBeUndefined();
    });
  });

  it('given a shipment whose request carries a process date, then the rule does not replace it', () => {
    const content = bookableContent({ estimated_process_date: '2026-11-21T12:00:00.000Z' });
    const { estimated_process_date: _ignored, ...rest } = DATES;
    spec.given([]).when(create(true, DATES, content)).then([...created(true, content), estimated(rest)]);
  });

  it('given a draft with a promise, when it is confirmed, then the first promise stands and the estimates are refreshed', () => {
    const later = { ...DATES, promised_delivery_date: '2026-11-30T16:00:00.000Z', estimated_ship_date: '2026-11-25T13:00:00.000Z' };
    spec.given([...created(true), estimated(DATES)]).when(confirm(later)).thenState((state) => {
      expect(state.promised_delivery_date).toBe(DATES.promised_delivery_date);
      expect(state.original_promised_delivery_date).toBe(DATES.promised_delivery_date);
      expect(state.service_levels).toEqual({
        estimated_process_date: DATES.estimated_process_date, estimated_ship_date: '2026-11-25T13:00:00.000Z', estimated_delivery_date: DATES.estimated_delivery_date,
      });
    });
  });

  it('given a draft without dates, when it is confirmed with dates, then all four are set', () => {
    spec.given(created(true)).when(confirm(DATES)).thenState((state) => {
      expect(state.status).toBe('pending');
      expect(state.promised_delivery_date).toBe(DATES.promised_delivery_date);
      expect(state.service_levels?.estimated_delivery_date).toBe(DATES.estimated_delivery_date);
    });
  });

  it('given dates that set nothing new, then no event', () => {
    spec.given([...created(true), estimated(DATES)]).when(confirm({ promised_delivery_date: '2026-12-01T00:00:00.000Z', applied })).thenState((state) => {
      expect(state.version).toBe(created(true).length + 1 + 2);
    });
  });
});
