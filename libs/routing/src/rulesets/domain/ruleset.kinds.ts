/**
 * A kind of ruleset, as data: its event names, its words for messages and its bounds. Automation
 * rulesets choose carrier accounts; service-level rulesets compute dates. Both share this aggregate.
 */
export interface RulesetKindSpec {
  /** Stream and read-model key: `automation`, `service-level`. */
  kind: string;
  /** Event type prefix: `${eventPrefix}RulesetCreated`, `${eventPrefix}RuleAdded`… */
  eventPrefix: string;
  /** Words for messages: "No automation ruleset found with the id: X". */
  noun: string;
  /** Rulesets not deleted one tenant may hold of this kind. */
  maxRulesets: number;
  /** Rules one ruleset may hold. */
  maxRules: number;
}

export const DEFAULT_RULESET_LIMITS = { maxRulesets: 500, maxRules: 200 } as const;

/** One stream per tenant and kind: `rulesets-automation-<tenant>` (see docs/adr on rulesets). */
export const rulesetStreamId = (spec: Pick<RulesetKindSpec, 'kind'>, tenantId: string): string => `rulesets-${spec.kind}-${tenantId}`;
