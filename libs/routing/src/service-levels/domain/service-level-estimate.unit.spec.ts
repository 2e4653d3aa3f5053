import { estimateServiceLevels, type ChosenSla, type ServiceLevelConfigType } from './service-level-estimate';
import type { Sla } from './sla';

const rule = (config_type: ServiceLevelConfigType, sla: Sla): ChosenSla => ({ config_type, sla, time_zone: 'Asia/Dubai', rule_set_id: 'RS1', rule_id: `R-${config_type}` });
const all = {
  PROMISED: rule('PROMISED', { duration: { days: 3 }, eta_time: '20:00' }),
  FULFILLMENT: rule('FULFILLMENT', { duration: { hours: 4 } }),
  SHIPPING: rule('SHIPPING', { duration: { days: 0 }, cutoff_times: [{ day: 'TUESDAY', time: '16:00' }], eta_time: '17:00' }),
  DELIVERY: rule('DELIVERY', { duration: { days: 1 }, eta_time: '19:00' }),
};
// Tuesday 2026-11-24, 12:00 in Dubai.
const clock = { order_time: '2026-11-24T08:00:00.000Z', now: '2026-11-24T08:00:00.000Z' };

describe('estimateServiceLevels: one timeline, each phase from the end of the one before', () => {
  it('given a rule of every type, then the four dates chain', () => {
    expect(estimateServiceLevels(all, clock)).toEqual({
      promised_delivery_date: '2026-11-27T16:00:00.000Z',
      estimated_process_date: '2026-11-24T12:00:00.000Z',
      // processed at 16:00 Dubai, exactly the cut-off: collected the same day at 17:00
      estimated_ship_date: '2026-11-24T13:00:00.000Z',
      estimated_delivery_date: '2026-11-25T15:00:00.000Z',
      applied: ['FULFILLMENT', 'SHIPPING', 'DELIVERY', 'PROMISED'].map((type) => ({ config_type: type, rule_set_id: 'RS1', rule_id: `R-${type}` })),
    });
  });

  it('given processing one minute longer, then it misses the collection cut-off and every later date moves a day', () => {
    const slower = { ...all, FULFILLMENT: rule('FULFILLMENT', { duration: { hours: 4, minutes: 1 } }) };
    expect(estimateServiceLevels(slower, clock)).toMatchObject({
      estimated_ship_date: '2026-11-25T13:00:00.000Z',
      estimated_delivery_date: '2026-11-26T15:00:00.000Z',
    });
  });

  it('given a process date in the request, then it wins over FULFILLMENT and starts SHIPPING', () => {
    const dates = estimateServiceLevels(all, { ...clock, given_process_date: '2026-11-25T05:00:00.000Z' });
    expect(dates.estimated_process_date).toBeUndefined();
    expect(dates.estimated_ship_date).toBe('2026-11-25T13:00:00.000Z');
    expect(dates.applied.map((a) => a.config_type)).toEqual(['SHIPPING', 'DELIVERY', 'PROMISED']);
  });

  it('given a process date already past, then SHIPPING counts from now', () => {
    const dates = estimateServiceLevels(all, { ...clock, given_process_date: '2026-11-20T05:00:00.000Z' });
    expect(dates.estimated_ship_date).toBe('2026-11-24T13:00:00.000Z');
  });

  it('given an old order date, then the promise counts from the order while shipping counts from now', () => {
    const dates = estimateServiceLevels(all, { order_time: '2026-11-20T08:00:00.000Z', now: clock.now });
    expect(dates.promised_delivery_date).toBe('2026-11-23T16:00:00.000Z');
    expect(dates.estimated_process_date).toBe('2026-11-20T12:00:00.000Z');
    expect(dates.estimated_ship_date).toBe('2026-11-24T13:00:00.000Z');
  });

  it('given only DELIVERY, then it counts from now and nothing else is set', () => {
    expect(estimateServiceLevels({ DELIVERY: all.DELIVERY }, clock)).toEqual({
      estimated_delivery_date: '2026-11-25T15:00:00.000Z',
      applied: [{ config_type: 'DELIVERY', rule_set_id: 'RS1', rule_id: 'R-DELIVERY' }],
    });
  });

  it('given no rules, then no dates', () => {
    expect(estimateServiceLevels({}, clock)).toEqual({ applied: [] });
  });
});
