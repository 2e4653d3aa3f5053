import type { ServiceLevelDates, ShipmentContent, ShipmentServiceLevels } from '@shipledger/shipping';
import { liveRulesets, rulesetApplies, type Rule, type RulesetEntityType, type RulesetStore } from '../../rulesets';
import { chooseServiceLevels, SERVICE_LEVEL_RULESETS } from '../domain/service-level-rule';
import { estimateServiceLevels } from '../domain/service-level-estimate';

/** Whether a rule's conditions hold for the shipment (the routing context's one condition evaluator). */
export type RuleMatcher = (rule: Rule, shipment: { shipment_id: string; content: ShipmentContent }, now: string) => boolean;

/**
 * Shipping's SHIPMENT_SERVICE_LEVELS port: the tenant's live service-level rulesets (read through the
 * ruleset store, so a rule written a moment ago applies to the next shipment), the ones that apply to
 * the shipment's merchant, entity type and pickup country, oldest first; per config type the first
 * matching rule; then the pure date computation with the command's time.
 */
export class ShipmentServiceLevelsAdapter implements ShipmentServiceLevels {
  constructor(private readonly store: RulesetStore, private readonly matches: RuleMatcher) {}

  async estimate(tenantId: string, shipment: { shipment_id: string; content: ShipmentContent }, now: string): Promise<ServiceLevelDates | undefined> {
    const { state } = await this.store.load(SERVICE_LEVEL_RULESETS, tenantId);
    const { content } = shipment;
    const scope = { merchant: content.merchant, entity_type: (content.entity_type ?? 'FORWARD') as RulesetEntityType, country: content.pickup?.country };
    const applicable = liveRulesets(state)
      .filter((ruleset) => rulesetApplies(ruleset, scope))
      .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.rule_set_id.localeCompare(b.rule_set_id));
    if (applicable.length === 0) return undefined;
    const chosen = chooseServiceLevels(applicable, (rule) => this.matches(rule, shipment, now));
    const dates = estimateServiceLevels(chosen, { order_time: content.order_date ?? now, now, given_process_date: content.estimated_process_date });
    return dates.applied.length > 0 ? dates : undefined;
  }
}
