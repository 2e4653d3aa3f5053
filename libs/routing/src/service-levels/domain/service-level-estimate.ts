import type { AppliedServiceLevel, ServiceLevelDates } from '@shipledger/shipping';
import { slaDeadline, type Sla } from './sla';

/** The dates and the rule behind each are shipping's published contract (its SHIPMENT_SERVICE_LEVELS port). */
export type { AppliedServiceLevel, ServiceLevelDates };

export const SERVICE_LEVEL_CONFIG_TYPES = ['FULFILLMENT', 'SHIPPING', 'DELIVERY', 'PROMISED'] as const;
export type ServiceLevelConfigType = (typeof SERVICE_LEVEL_CONFIG_TYPES)[number];

/** The chosen rule of one config type, with what its date is computed from. */
export interface ChosenSla extends AppliedServiceLevel {
  sla: Sla;
  /** The ruleset's IANA time zone. */
  time_zone: string;
}

export interface ServiceLevelClock {
  /** When the customer ordered: the shipment's order_date, else `now`. */
  order_time: string;
  /** The create or confirm command's time. */
  now: string;
  /** A process date the merchant gave in the request: it wins over the FULFILLMENT rule and starts SHIPPING. */
  given_process_date?: string;
}

/**
 * The four dates from the rule chosen for each config type. Each phase starts where the one before it
 * ends, so the dates form one timeline:
 * - PROMISED → promised_delivery_date, from the order time (the customer promise, end to end);
 * - FULFILLMENT → estimated_process_date, from the order time;
 * - SHIPPING → estimated_ship_date, from the process date or now, whichever is later;
 * - DELIVERY → estimated_delivery_date, from the ship date, else from now.
 */
export function estimateServiceLevels(chosen: Partial<Record<ServiceLevelConfigType, ChosenSla>>, clock: ServiceLevelClock): ServiceLevelDates {
  const deadline = (type: ServiceLevelConfigType, from: string) => {
    const rule = chosen[type];
    return rule ? slaDeadline(rule.sla, from, rule.time_zone) : undefined;
  };
  const promised = deadline('PROMISED', clock.order_time);
  const process = clock.given_process_date ? undefined : deadline('FULFILLMENT', clock.order_time);
  const processed = clock.given_process_date ?? process;
  const ship = deadline('SHIPPING', processed && Date.parse(processed) > Date.parse(clock.now) ? processed : clock.now);
  const delivery = deadline('DELIVERY', ship ?? clock.now);
  const dates: Record<ServiceLevelConfigType, string | undefined> = { PROMISED: promised, FULFILLMENT: process, SHIPPING: ship, DELIVERY: delivery };
  return compact({
    promised_delivery_date: promised,
    estimated_process_date: process,
    estimated_ship_date: ship,
    estimated_delivery_date: delivery,
    applied: SERVICE_LEVEL_CONFIG_TYPES.flatMap((type) => {
      const rule = chosen[type];
      return rule && dates[type] ? [{ config_type: type, rule_set_id: rule.rule_set_id, rule_id: rule.rule_id }] : [];
    }),
  });
}

function compact<T extends object>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T;
}
