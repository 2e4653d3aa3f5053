import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { ApiError, validationFailed } from '@shipledger/platform';
import { ANY, type Rule, type RuleInput, type Ruleset, type RulesetEntityType, type RulesetFields, type RulesetStatus } from '../domain';
import { RULESET_LIMITS, RuleSequenceDto, type RuleBaseDto, type RulesetFieldsDto, type RulesetPatchFieldsDto } from './ruleset.dto';

/** The body keys of a kind: `{automation_rule_set, automation_rules}`. */
export interface RulesetBodyKeys {
  ruleset: string;
  rules: string;
}

const BASE_RULE_KEYS = new Set(['rule_id', 'rule_name', 'sequence', 'status', 'description']);

/** `[]`, absent or `["_ANY", …]` → `["_ANY"]`; otherwise the list without repeats (countries upper case). */
function scopeList(values: readonly string[] | undefined, upper: boolean): string[] {
  const list = [...new Set((values ?? []).map((value) => (upper && value !== ANY ? value.toUpperCase() : value)))];
  return list.length === 0 || list.includes(ANY) ? [ANY] : list;
}

export function toRulesetFields(dto: RulesetFieldsDto): RulesetFields {
  return {
    name: dto.name,
    entity_type: (dto.entity_type ?? 'FORWARD') as RulesetEntityType,
    merchants: scopeList(dto.merchants, false),
    countries: scopeList(dto.countries, true),
    status: (dto.status ?? 'ACTIVE') as RulesetStatus,
    ...(dto.description !== undefined ? { description: dto.description } : {}),
  };
}

export function toRulesetPatch(dto: RulesetPatchFieldsDto): Partial<RulesetFields> {
  const patch: Partial<RulesetFields> = {};
  if (dto.name !== undefined) patch.name = dto.name;
  if (dto.entity_type !== undefined) patch.entity_type = dto.entity_type as RulesetEntityType;
  if (dto.merchants !== undefined) patch.merchants = scopeList(dto.merchants, false);
  if (dto.countries !== undefined) patch.countries = scopeList(dto.countries, true);
  if (dto.status !== undefined) patch.status = dto.status as RulesetStatus;
  if (dto.description !== undefined) patch.description = dto.description;
  return patch;
}

/** A validated rule body: the base fields, and every other field set as the kind's (plain JSON). */
export function toRuleInput(dto: RuleBaseDto): RuleInput {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(dto)) {
    if (value !== undefined && !BASE_RULE_KEYS.has(key)) fields[key] = value;
  }
  return {
    ...(dto.rule_id !== undefined ? { rule_id: dto.rule_id } : {}),
    rule_name: dto.rule_name,
    ...(dto.sequence !== undefined ? { sequence: dto.sequence } : {}),
    status: (dto.status ?? 'ACTIVE') as RulesetStatus,
    ...(dto.description !== undefined ? { description: dto.description } : {}),
    fields: JSON.parse(JSON.stringify(fields)) as Record<string, unknown>,
  };
}

export function rulesetJson(ruleset: Ruleset): Record<string, unknown> {
  return { rule_set_id: ruleset.rule_set_id, ...ruleset.fields, created_at: ruleset.created_at, updated_at: ruleset.updated_at };
}

export function ruleJson(rule: Rule): Record<string, unknown> {
  const { fields, ...base } = rule;
  return { rule_id: base.rule_id, rule_name: base.rule_name, sequence: base.sequence, status: base.status,
    ...(base.description !== undefined ? { description: base.description } : {}), ...fields };
}

/** `{<kind>_rule_set, <kind>_rules}` with the ruleset's rules (or the ones given, e.g. those a DELETE removed). */
export function rulesetBody(keys: RulesetBodyKeys, ruleset: Ruleset, rules: readonly Rule[] = ruleset.rules): Record<string, unknown> {
  return { [keys.ruleset]: rulesetJson(ruleset), [keys.rules]: rules.map(ruleJson) };
}

/** The body of `PATCH …/rules/sequences`: `[{rule_id, sequence}]` (the global pipe does not validate arrays). */
export function parseSequences(body: unknown): Array<{ rule_id: string; sequence: number }> {
  const bad = (message: string) => ApiError.badRequest(`body : ${message}`, [{ field: 'body', message }], 'validation_failed');
  if (!Array.isArray(body) || body.length === 0) throw bad('must be a non-empty array of {rule_id, sequence}');
  if (body.length > RULESET_LIMITS.rulesPerBody) throw bad(`must not hold more than ${RULESET_LIMITS.rulesPerBody} entries`);
  return body.map((entry: unknown, index) => {
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) throw bad(`[${index}] must be an object`);
    const dto = plainToInstance(RuleSequenceDto, entry);
    const errors = validateSync(dto, { whitelist: true, forbidNonWhitelisted: true });
    if (errors.length > 0) {
      const failed = validationFailed(errors);
      const details = failed.details.map((detail) => ({ field: `[${index}].${detail.field}`, message: detail.message }));
      throw new ApiError(400, details.map((detail) => `${detail.field} : ${detail.message}`), 'validation_failed', details);
    }
    return { rule_id: dto.rule_id, sequence: dto.sequence };
  });
}
