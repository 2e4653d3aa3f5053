import { randomUUID } from 'node:crypto';
import { ApiError, type AuthContext } from '@shipledger/platform';
import {
  admits, ANY, liveRulesets, rulesetDecider, RulesetCommandRejected, RulesetMessages,
  type Rule, type RuleInput, type Ruleset, type RulesetCommand, type RulesetDecider, type RulesetEntityType, type RulesetFields, type RulesetKindSpec,
} from '../domain';
import type { RulesetStore } from './ruleset.store';

/** What a PUT or create carries: the ruleset's fields and its rules. */
export interface RulesetWrite {
  ruleset: RulesetFields;
  rules: RuleInput[];
}

export interface RulesetListFilter {
  merchant?: string;
  entity_type?: RulesetEntityType;
}

/** Merchants a tenant has (the platform's directory). */
export interface MerchantDirectory {
  hasMerchant(tenantId: string, merchantId: string): Promise<boolean>;
}

/**
 * The use cases every ruleset kind shares, over the kind's stream. Reads fold the stream (through the
 * store's cache), so a GET is never older than the last acknowledged write; the stream holds a few
 * hundred rulesets at most (RulesetKindSpec.maxRulesets). A client limited to some merchants sees the
 * rulesets one of its merchants falls under and writes only rulesets restricted to its own merchants.
 */
export class RulesetService {
  readonly decider: RulesetDecider;

  constructor(readonly spec: RulesetKindSpec, private readonly store: RulesetStore, private readonly merchants: MerchantDirectory) {
    this.decider = rulesetDecider(spec);
  }

  async create(auth: AuthContext, body: RulesetWrite, id: string = randomUUID()): Promise<Ruleset> {
    assertWritable(auth, body.ruleset.merchants);
    await this.assertKnownMerchants(auth, body.ruleset.merchants);
    const command = { type: 'CreateRuleset' as const, ...body, new_rule_ids: freshIds(body.rules), ...this.base(auth, id) };
    return (await this.execute(auth, command)).after.rulesets[id]!;
  }

  async list(auth: AuthContext, filter: RulesetListFilter = {}): Promise<Ruleset[]> {
    const { state } = await this.store.load(this.spec, auth.tenantId);
    return liveRulesets(state)
      .filter((ruleset) => isVisible(auth, ruleset))
      .filter((ruleset) => filter.merchant === undefined || admits(ruleset.fields.merchants, filter.merchant))
      .filter((ruleset) => filter.entity_type === undefined || ruleset.fields.entity_type === filter.entity_type)
      .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.rule_set_id.localeCompare(b.rule_set_id));
  }

  get(auth: AuthContext, id: string): Promise<Ruleset> {
    return this.visible(auth, id);
  }

  async replace(auth: AuthContext, id: string, body: RulesetWrite): Promise<Ruleset> {
    assertWritable(auth, (await this.visible(auth, id)).fields.merchants);
    assertWritable(auth, body.ruleset.merchants);
    await this.assertKnownMerchants(auth, body.ruleset.merchants);
    const command = { type: 'ReplaceRuleset' as const, ...body, new_rule_ids: freshIds(body.rules), ...this.base(auth, id) };
    return (await this.execute(auth, command)).after.rulesets[id]!;
  }

  async patch(auth: AuthContext, id: string, ruleset: Partial<RulesetFields>): Promise<Ruleset> {
    assertWritable(auth, (await this.visible(auth, id)).fields.merchants);
    if (ruleset.merchants) {
      assertWritable(auth, ruleset.merchants);
      await this.assertKnownMerchants(auth, ruleset.merchants);
    }
    return (await this.execute(auth, { type: 'PatchRuleset', ruleset, ...this.base(auth, id) })).after.rulesets[id]!;
  }

  /** The deleted ruleset and the rules it held (now removed with it). */
  async delete(auth: AuthContext, id: string): Promise<{ ruleset: Ruleset; removed: Rule[] }> {
    assertWritable(auth, (await this.visible(auth, id)).fields.merchants);
    const { before, after } = await this.execute(auth, { type: 'DeleteRuleset', ...this.base(auth, id) });
    return { ruleset: after.rulesets[id]!, removed: (before.rulesets[id]?.rules ?? []).map((rule) => ({ ...rule, status: 'DELETED' })) };
  }

  async addRule(auth: AuthContext, id: string, rule: RuleInput): Promise<Ruleset> {
    assertWritable(auth, (await this.visible(auth, id)).fields.merchants);
    const command = { type: 'AddRule' as const, rule, new_rule_id: rule.rule_id ?? randomUUID(), ...this.base(auth, id) };
    return (await this.execute(auth, command)).after.rulesets[id]!;
  }

  async getRule(auth: AuthContext, id: string, ruleId: string): Promise<Rule> {
    const rule = (await this.visible(auth, id)).rules.find((candidate) => candidate.rule_id === ruleId);
    if (!rule) throw ApiError.notFound(RulesetMessages.ruleNotFound(this.spec, id, ruleId));
    return rule;
  }

  async replaceRule(auth: AuthContext, id: string, ruleId: string, rule: RuleInput): Promise<Rule> {
    const old = await this.getRule(auth, id, ruleId);
    assertWritable(auth, (await this.visible(auth, id)).fields.merchants);
    const { after } = await this.execute(auth, { type: 'ReplaceRule', rule_id: ruleId, rule, ...this.base(auth, id) });
    return after.rulesets[id]!.rules.find((candidate) => candidate.rule_id === ruleId) ?? { ...old, status: 'DELETED' };
  }

  async deleteRule(auth: AuthContext, id: string, ruleId: string): Promise<Rule> {
    const old = await this.getRule(auth, id, ruleId);
    assertWritable(auth, (await this.visible(auth, id)).fields.merchants);
    await this.execute(auth, { type: 'DeleteRule', rule_id: ruleId, ...this.base(auth, id) });
    return { ...old, status: 'DELETED' };
  }

  async resequence(auth: AuthContext, id: string, sequences: Array<{ rule_id: string; sequence: number }>): Promise<Ruleset> {
    assertWritable(auth, (await this.visible(auth, id)).fields.merchants);
    return (await this.execute(auth, { type: 'ResequenceRules', sequences, ...this.base(auth, id) })).after.rulesets[id]!;
  }

  /** Every ruleset of the tenant not deleted, as the stream holds it now (routing, evaluate, backtest). */
  async liveRulesets(tenantId: string): Promise<Ruleset[]> {
    return liveRulesets((await this.store.load(this.spec, tenantId)).state);
  }

  /** The ruleset by id (any status) when the caller may see it, else the unknown-id 404. */
  async visible(auth: AuthContext, id: string): Promise<Ruleset> {
    const ruleset = (await this.store.load(this.spec, auth.tenantId)).state.rulesets[id];
    if (!ruleset || !isVisible(auth, ruleset)) throw ApiError.notFound(RulesetMessages.notFound(this.spec, id));
    return ruleset;
  }

  private async assertKnownMerchants(auth: AuthContext, merchants: readonly string[]): Promise<void> {
    const unknown: string[] = [];
    for (const merchant of merchants) {
      if (merchant !== ANY && !(await this.merchants.hasMerchant(auth.tenantId, merchant))) unknown.push(merchant);
    }
    if (unknown.length === 0) return;
    const message = `unknown merchant${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}`;
    throw ApiError.badRequest(`merchants : ${message}`, [{ field: 'merchants', message }], 'validation_failed');
  }

  private base(auth: AuthContext, id: string) {
    return { tenant_id: auth.tenantId, rule_set_id: id, at: new Date().toISOString(), actor: auth.clientId };
  }

  private async execute(auth: AuthContext, command: RulesetCommand) {
    try {
      return await this.store.handle(this.decider, command, { actor: auth.clientId, requestId: auth.requestId, correlationId: auth.correlationId });
    } catch (error) {
      throw toApiError(error);
    }
  }
}

const freshIds = (rules: readonly RuleInput[]): string[] => rules.map(() => randomUUID());

function isVisible(auth: AuthContext, ruleset: Ruleset): boolean {
  if (auth.merchants === '*') return true;
  const mine = auth.merchants;
  return ruleset.fields.merchants.includes(ANY) || ruleset.fields.merchants.some((merchant) => mine.includes(merchant));
}

/** A client limited to merchants writes only rulesets restricted to them (not `_ANY`). */
function assertWritable(auth: AuthContext, merchants: readonly string[]): void {
  if (auth.merchants === '*') return;
  const mine = auth.merchants;
  const outside = merchants.find((merchant) => !mine.includes(merchant));
  if (outside !== undefined) throw ApiError.forbidden(`Not allowed to configure rulesets for merchant ${outside}`);
}

export function toApiError(error: unknown): unknown {
  if (!(error instanceof RulesetCommandRejected)) return error;
  if (error.code === 'not_found' || error.code === 'rule_not_found') return ApiError.notFound(error.message);
  const details = error.field ? [{ field: error.field, message: error.message }] : [];
  return ApiError.badRequest(error.message, details, error.code);
}
