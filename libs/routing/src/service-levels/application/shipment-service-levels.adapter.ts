import type { ServiceLevelDates, ShipmentContent, ShipmentServiceLevels } from '@shipledger/shipping';
import { liveRulesets, type RulesetStore } from '../../rulesets';
import { applyingRulesets } from '../../automation/domain/route-shipment';
import { evaluateRule } from '../../automation/domain/rule-evaluation';
import { shipmentFacts } from '../../automation/domain/shipment-facts';
import { chooseServiceLevels, SERVICE_LEVEL_RULESETS } from '../domain/service-level-rule';
import { estimateServiceLevels } from '../domain/service-level-estimate';

/**
 * Shipping's SHIPMENT_SERVICE_LEVELS port: the tenant's live service-level rulesets (read through the
 * ruleset store, so a rule written a moment ago applies to the next shipment), selected and ordered as
 * automation rulesets are (merchant, entity type, the customer's country; specific before `_ANY`,
 * oldest first); per config type the first rule whose conditions hold (the one evaluator, evaluateRule,
 * at the command's time); then the pure date computation.
 */
export class ShipmentServiceLevelsAdapter implements ShipmentServiceLevels {
  constructor(private readonly store: RulesetStore) {}

  async estimate(tenantId: string, shipment: { shipment_id: string; content: ShipmentContent }, now: string): Promise<ServiceLevelDates | undefined> {
    const { state } = await this.store.load(SERVICE_LEVEL_RULESETS, tenantId);
    const { content } = shipment;
    const facts = shipmentFacts(content);
    const applying = applyingRulesets(liveRulesets(state), facts);
    if (applying.length === 0) return undefined;
    const chosen = chooseServiceLevels(applying, (rule) => evaluateRule(rule, facts, now).matched);
    const dates = estimateServiceLevels(chosen, { order_time: content.order_date ?? now, now, given_process_date: content.estimated_process_date });
    return dates.applied.length > 0 ? dates : undefined;
  }
}
