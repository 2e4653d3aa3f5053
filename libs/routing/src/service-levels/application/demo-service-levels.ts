import type { EventStore } from '@shipledger/event-store';
import { rulesetDecider, RulesetCommandRejected, type RuleInput } from '../../rulesets/domain';
import { RulesetStore } from '../../rulesets/application/ruleset.store';
import { SERVICE_LEVEL_RULESETS } from '../domain/service-level-rule';

export const DEMO_SERVICE_LEVEL_RULESET_ID = 'demo-service-levels';

const WEEKDAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'];
const dubai = { time_zone: 'Asia/Dubai', working_days: WEEKDAYS };
const rule = (rule_id: string, rule_name: string, sequence: number, fields: Record<string, unknown>): RuleInput =>
  ({ rule_id, rule_name, sequence, status: 'ACTIVE', fields });

/**
 * The demo tenant's ACTIVE service-level ruleset (fixed ids, created once): Dubai working days, so the
 * README's first-minute shipment gets all four dates. EXPRESS is promised the next working day when
 * ordered by 14:00, anything else in three; the warehouse takes 4 working hours (09:00–18:00); the
 * carrier collects the same working day when processed by 16:00 and delivers the next.
 */
export async function provisionDemoServiceLevels(deps: { eventStore: EventStore }, tenantId: string): Promise<void> {
  const cutoffs = (time: string) => WEEKDAYS.map((day) => ({ day, time }));
  const rules: RuleInput[] = [
    rule('promise-express', 'EXPRESS: next working day', 10, {
      config_type: 'PROMISED', delivery_type: { operator: 'INCLUSION', value: ['EXPRESS'] },
      sla: { ...dubai, duration: { days: 1 }, cutoff_times: cutoffs('14:00'), eta_time: '22:00' },
    }),
    rule('promise-standard', 'Everything else: three working days', 20, { config_type: 'PROMISED', sla: { ...dubai, duration: { days: 3 }, eta_time: '22:00' } }),
    rule('warehouse', 'Warehouse: 4 working hours', 10, {
      config_type: 'FULFILLMENT', sla: { ...dubai, duration: { hours: 4 }, working_hours: { start_time: '09:00', end_time: '18:00' } },
    }),
    rule('collection', 'Collected the same working day by 16:00', 10, {
      config_type: 'SHIPPING', sla: { ...dubai, duration: { days: 0 }, cutoff_times: cutoffs('16:00'), eta_time: '18:00' },
    }),
    rule('last-mile', 'Delivered the next working day', 10, { config_type: 'DELIVERY', sla: { ...dubai, duration: { days: 1 }, eta_time: '22:00' } }),
  ];
  try {
    await new RulesetStore(deps.eventStore).handle(rulesetDecider(SERVICE_LEVEL_RULESETS), {
      type: 'CreateRuleset', tenant_id: tenantId, rule_set_id: DEMO_SERVICE_LEVEL_RULESET_ID, at: new Date().toISOString(), actor: 'system',
      ruleset: { name: 'Demo service levels', entity_type: 'FORWARD', merchants: ['_ANY'], countries: ['AE'], status: 'ACTIVE' },
      rules, new_rule_ids: [],
    }, { actor: 'system', requestId: 'demo-setup', correlationId: 'demo-setup' });
  } catch (error) {
    // Created on an earlier start.
    if (!(error instanceof RulesetCommandRejected)) throw error;
  }
}
