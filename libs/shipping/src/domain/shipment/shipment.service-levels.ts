import type { ShipmentEvent, ShipmentServiceLevelsEstimated } from './shipment.events';
import type { ShipmentState } from './shipment.state';

/** Which service-level rule set a date (the routing context's rules; the history shows them). */
export interface AppliedServiceLevel {
  config_type: 'FULFILLMENT' | 'SHIPPING' | 'DELIVERY' | 'PROMISED';
  rule_set_id: string;
  rule_id: string;
}

/**
 * The dates the tenant's service-level rules give a shipment, computed at the edge (rules, time zone,
 * the command's time) and carried in by the create or confirm command. A date is absent when no rule of
 * its type matched.
 */
export interface ServiceLevelDates {
  promised_delivery_date?: string;
  estimated_process_date?: string;
  estimated_ship_date?: string;
  estimated_delivery_date?: string;
  applied: AppliedServiceLevel[];
}

/** The estimates a shipment holds (the promise lives in promised_delivery_date). */
export interface ServiceLevelEstimates {
  estimated_process_date?: string;
  estimated_ship_date?: string;
  estimated_delivery_date?: string;
}

/**
 * The ShipmentServiceLevelsEstimated event for dates computed on create or confirm, or none. The first
 * promise stands (a later one is a revision: update-delivery-promise), and a process date the merchant
 * put in the shipment wins over the rule's; ship and delivery estimates are refreshed on every confirm.
 */
export function serviceLevelEvents(dates: ServiceLevelDates | undefined, state: ShipmentState, stamp: { at: string; actor: string }): ShipmentEvent[] {
  if (!dates) return [];
  const data: ShipmentServiceLevelsEstimated['data'] = {
    ...stamp,
    applied: dates.applied,
    ...(state.promised_delivery_date ? {} : pick(dates, 'promised_delivery_date')),
    ...(state.content.estimated_process_date ? {} : pick(dates, 'estimated_process_date')),
    ...pick(dates, 'estimated_ship_date'),
    ...pick(dates, 'estimated_delivery_date'),
  };
  const hasDate = DATE_FIELDS.some((field) => data[field] !== undefined);
  return hasDate ? [{ type: 'ShipmentServiceLevelsEstimated', data }] : [];
}

const DATE_FIELDS = ['promised_delivery_date', 'estimated_process_date', 'estimated_ship_date', 'estimated_delivery_date'] as const;

function pick(dates: ServiceLevelDates, field: (typeof DATE_FIELDS)[number]): Partial<ServiceLevelDates> {
  return dates[field] === undefined ? {} : { [field]: dates[field] };
}
