import type { RoutingOutcome, ShipmentContent, ShipmentRouter, ShipmentRouting, ShippingRater } from '@shipledger/shipping';
import { liveRulesets, type Ruleset } from '../../rulesets/domain';
import type { RulesetStore } from '../../rulesets/application/ruleset.store';
import { AUTOMATION_RULESETS } from '../domain/automation-rule';
import { notMatchedBefore, planRouting, routingConfigured, routingCountry, type RoutingPlan } from '../domain/route-shipment';
import { shipmentFacts } from '../domain/shipment-facts';
import { chooseAccount, type AccountChoice } from './account-choice';

/** A plan with its account choice: what routing, evaluate and backtest all answer from. */
export interface RoutingDecision {
  plan: RoutingPlan;
  choice?: AccountChoice;
  outcome: RoutingOutcome;
}

/**
 * The Shipping context's SHIPMENT_ROUTER: the tenant's automation rulesets as the stream holds them now
 * (a ruleset written a moment ago routes the next shipment), judged by planRouting; the chosen rule's
 * accounts ordered by chooseAccount. No active ruleset at all → `not_configured` (shipping keeps its
 * oldest-active-account behaviour).
 */
export class AutomationShipmentRouter implements ShipmentRouter {
  constructor(private readonly store: RulesetStore, private readonly rater?: ShippingRater) {}

  async route(tenantId: string, shipment: { shipment_id: string; content: ShipmentContent }, at: string): Promise<RoutingOutcome> {
    return (await this.decide(tenantId, shipment.content, at)).outcome;
  }

  async rulesets(tenantId: string): Promise<Ruleset[]> {
    return liveRulesets((await this.store.load(AUTOMATION_RULESETS, tenantId)).state);
  }

  /** The decision over the given rulesets (default: the tenant's), without writing anything. */
  async decide(tenantId: string, content: ShipmentContent, at: string, rulesets?: readonly Ruleset[]): Promise<RoutingDecision> {
    const candidates = rulesets ?? (await this.rulesets(tenantId));
    const facts = shipmentFacts(content);
    const plan = planRouting(candidates, facts, at);
    if (!rulesets && !routingConfigured(candidates)) return { plan, outcome: { kind: 'not_configured' } };
    const not_matched = notMatchedBefore(plan);
    if (!plan.chosen) {
      const scope = `merchant ${facts.merchant ?? '(none)'}, ${facts.entity_type}, country ${routingCountry(facts) ?? '(none)'}`;
      const reason = plan.rulesets.length === 0
        ? `no active automation ruleset applies to ${scope}`
        : `no active rule of ${plan.rulesets.map((ruleset) => ruleset.name).join(', ')} matched`;
      return { plan, outcome: { kind: 'unmatched', routing: { reason, not_matched } } };
    }
    const { evaluation, carrier_choice } = plan.chosen;
    const choice = await chooseAccount(this.rater, tenantId, content, at, plan.chosen);
    const matchedBy = evaluation.conditions.length === 0 ? 'it has no conditions' : evaluation.conditions.map((condition) => condition.reason).join('; ');
    const routing: ShipmentRouting = {
      rule_set_id: evaluation.rule_set_id, rule_set_name: evaluation.rule_set_name, rule_id: evaluation.rule_id, rule_name: evaluation.rule_name,
      ...(carrier_choice ? { carrier_choice } : {}),
      reason: `rule ${evaluation.rule_name} matched (${matchedBy}); chose ${choice.reason}`,
      not_matched,
    };
    return { plan, choice, outcome: { kind: 'routed', carrier_account_ids: choice.carrier_account_ids, routing } };
  }
}
