import type { RulesetKindSpec } from './ruleset.kinds';
import type { Rule, RulesetFields } from './ruleset.model';

/**
 * What happened to a tenant's rulesets of one kind. The type is the kind's prefix and the change
 * (`AutomationRulesetCreated`, `ServiceLevelRuleAdded`); the data says which ruleset, when and who.
 * These shapes are a contract with the read side: never change one, add a version.
 */
export const RULESET_CHANGES = [
  'RulesetCreated', 'RulesetReplaced', 'RulesetPatched', 'RulesetDeleted',
  'RuleAdded', 'RuleReplaced', 'RuleDeleted', 'RulesResequenced',
] as const;
export type RulesetChange = (typeof RULESET_CHANGES)[number];

interface Base {
  tenant_id: string;
  rule_set_id: string;
  at: string;
  actor: string;
}

/** The data of each change. Created and Replaced carry the whole ruleset with every rule after it. */
export interface RulesetChangeData {
  RulesetCreated: Base & { ruleset: RulesetFields; rules: Rule[] };
  RulesetReplaced: Base & { ruleset: RulesetFields; rules: Rule[] };
  RulesetPatched: Base & { ruleset: RulesetFields };
  /** The ruleset's rules are removed with it: `rule_ids` names them. */
  RulesetDeleted: Base & { rule_ids: string[] };
  RuleAdded: Base & { rule: Rule };
  RuleReplaced: Base & { rule: Rule };
  RuleDeleted: Base & { rule_id: string };
  RulesResequenced: Base & { sequences: Array<{ rule_id: string; sequence: number }> };
}

/** A ruleset event in its normalised form: the change spelled out beside the wire type. */
export type RulesetEventOf<C extends RulesetChange> = { type: string; change: C; data: RulesetChangeData[C] };
export type NormalisedRulesetEvent = { [C in RulesetChange]: RulesetEventOf<C> }[RulesetChange];

/** The event as the store keeps it: `{type, data}`. */
export interface RulesetEvent {
  type: string;
  data: RulesetChangeData[RulesetChange];
}

export const rulesetEventType = (spec: Pick<RulesetKindSpec, 'eventPrefix'>, change: RulesetChange): string => `${spec.eventPrefix}${change}`;

/** Every event type of a kind (a projector's `handles`). */
export const rulesetEventTypes = (spec: Pick<RulesetKindSpec, 'eventPrefix'>): string[] =>
  RULESET_CHANGES.map((change) => rulesetEventType(spec, change));

/** The change an event type names for this kind, or undefined (another kind's or context's event). */
export function rulesetChangeOf(spec: Pick<RulesetKindSpec, 'eventPrefix'>, type: string): RulesetChange | undefined {
  if (!type.startsWith(spec.eventPrefix)) return undefined;
  const change = type.slice(spec.eventPrefix.length);
  return (RULESET_CHANGES as readonly string[]).includes(change) ? change as RulesetChange : undefined;
}

export function normaliseRulesetEvent(spec: Pick<RulesetKindSpec, 'eventPrefix'>, event: { type: string; data: unknown }): NormalisedRulesetEvent | undefined {
  const change = rulesetChangeOf(spec, event.type);
  return change ? { type: event.type, change, data: event.data } as NormalisedRulesetEvent : undefined;
}
