import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Put, Query, type Type } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ApiError, CurrentAuth, RequireScopes, UseErrorArea, type AuthContext } from '@shipledger/platform';
import { RULESET_ENTITY_TYPES, type RuleInput, type RulesetEntityType } from '../domain';
import { RuleSequenceDto, type RuleBaseDto, type RulesetFieldsDto, type RulesetPatchFieldsDto } from './ruleset.dto';
import { parseSequences, ruleJson, rulesetBody, toRuleInput, toRulesetFields, toRulesetPatch, type RulesetBodyKeys } from './ruleset.mapping';
import type { RulesetService } from './ruleset.service';

/** What one kind's HTTP surface is made of: its path, body keys, DTOs and service. */
export interface RulesetHttpKind {
  /** `service-level-rulesets`. */
  path: string;
  /** The OpenAPI tag, and the class name (operation ids are `<name>_<method>`). */
  tag: string;
  name: string;
  keys: RulesetBodyKeys;
  /** The RulesetService of the kind (rulesetServiceProvider's token). */
  service: symbol;
  body: Type;
  patch: Type;
  rule: Type<RuleBaseDto>;
  rulesetResponse: Type;
  ruleResponse: Type;
  /** Path parameter names (default `rulesetId`, `ruleId`): distinct names let suites tell the kinds' ids apart. */
  params?: { ruleset: string; rule: string };
  /** Checks the DTO cannot express (cross-field); throws a 400 naming `field`. */
  checkRule?: (rule: RuleInput, field: string) => void;
}

type Json = Record<string, unknown>;

/**
 * The controller of a ruleset kind: every path of the automation rulesets table under `kind.path`,
 * the same use cases (RulesetService), only the body keys and DTOs differ. The DTO classes reach
 * Nest's validation pipe and the OpenAPI document through the parameter types set below: a class made
 * in a function cannot name them in its signatures.
 */
export function rulesetController(kind: RulesetHttpKind): Type {
  const rulesOf = (body: Json): RuleInput[] => ((body[kind.keys.rules] as RuleBaseDto[] | undefined) ?? []).map((rule, index) => checked(rule, `${kind.keys.rules}[${index}]`));
  const checked = (dto: RuleBaseDto, field: string): RuleInput => {
    const rule = toRuleInput(dto);
    kind.checkRule?.(rule, field);
    return rule;
  };
  const { ruleset: RS, rule: R } = kind.params ?? { ruleset: 'rulesetId', rule: 'ruleId' };
  const one = `:${RS}`;
  const ruleOf = `:${RS}/rules/:${R}`;
  const write = (body: Json) => ({ ruleset: toRulesetFields(body[kind.keys.ruleset] as RulesetFieldsDto), rules: rulesOf(body) });

  @ApiTags(kind.tag)
  @Controller(kind.path)
  @UseErrorArea('shipping')
  class RulesetKindController {
    constructor(@Inject(kind.service) readonly rulesets: RulesetService) {}

    @Post() @HttpCode(201) @RequireScopes('create:configuration')
    @ApiOperation({ summary: 'Creates a ruleset with an optional set of rules' }) @ApiBody({ type: kind.body }) @ApiCreatedResponse({ type: kind.rulesetResponse })
    async create(@CurrentAuth() auth: AuthContext, @Body() body: Json): Promise<Json> {
      return rulesetBody(kind.keys, await this.rulesets.create(auth, write(body)));
    }

    @Get() @RequireScopes('read:configuration')
    @ApiOperation({ summary: 'The rulesets not deleted, oldest first; merchant: those that apply to it (_ANY included)' })
    @ApiQuery({ name: 'merchant', required: false }) @ApiQuery({ name: 'entity-type', required: false, enum: RULESET_ENTITY_TYPES })
    @ApiOkResponse({ type: [kind.rulesetResponse] })
    async list(@CurrentAuth() auth: AuthContext, @Query('merchant') merchant?: string, @Query('entity-type') entityType?: string): Promise<Json[]> {
      if (merchant !== undefined && (typeof merchant !== 'string' || merchant.length > 250)) throw badQuery('merchant', 'must be a string of at most 250 characters');
      if (entityType !== undefined && !RULESET_ENTITY_TYPES.includes(entityType as RulesetEntityType)) throw badQuery('entity-type', 'must be FORWARD or REVERSE');
      const rulesets = await this.rulesets.list(auth, { merchant, entity_type: entityType as RulesetEntityType | undefined });
      return rulesets.map((ruleset) => rulesetBody(kind.keys, ruleset));
    }

    @Get(one) @RequireScopes('read:configuration')
    @ApiOkResponse({ type: kind.rulesetResponse, description: 'a deleted ruleset answers with status DELETED and no rules' })
    async get(@CurrentAuth() auth: AuthContext, @Param(RS) id: string): Promise<Json> {
      return rulesetBody(kind.keys, await this.rulesets.get(auth, id));
    }

    @Put(one) @RequireScopes('update:configuration')
    @ApiOperation({ summary: 'Replaces the ruleset and its rules: rules named by rule_id are updated, others added, the rest removed' })
    @ApiBody({ type: kind.body }) @ApiOkResponse({ type: kind.rulesetResponse })
    async replace(@CurrentAuth() auth: AuthContext, @Param(RS) id: string, @Body() body: Json): Promise<Json> {
      return rulesetBody(kind.keys, await this.rulesets.replace(auth, id, write(body)));
    }

    @Patch(one) @RequireScopes('update:configuration')
    @ApiOperation({ summary: 'Changes the ruleset\'s fields sent; the rules are untouched' }) @ApiBody({ type: kind.patch }) @ApiOkResponse({ type: kind.rulesetResponse })
    async patch(@CurrentAuth() auth: AuthContext, @Param(RS) id: string, @Body() body: Json): Promise<Json> {
      const { [kind.keys.ruleset]: wrapped, ...bare } = body;
      return rulesetBody(kind.keys, await this.rulesets.patch(auth, id, toRulesetPatch((wrapped ?? bare) as RulesetPatchFieldsDto)));
    }

    @Delete(one) @RequireScopes('delete:configuration')
    @ApiOperation({ summary: 'Deletes the ruleset and the rules it contains; answers them with status DELETED' }) @ApiOkResponse({ type: kind.rulesetResponse })
    async delete(@CurrentAuth() auth: AuthContext, @Param(RS) id: string): Promise<Json> {
      const { ruleset, removed } = await this.rulesets.delete(auth, id);
      return rulesetBody(kind.keys, ruleset, removed);
    }

    @Post(`${one}/rules`) @HttpCode(201) @RequireScopes('update:configuration')
    @ApiOperation({ summary: 'Adds a rule to the ruleset; answers the ruleset with its rules' }) @ApiBody({ type: kind.rule }) @ApiCreatedResponse({ type: kind.rulesetResponse })
    async addRule(@CurrentAuth() auth: AuthContext, @Param(RS) id: string, @Body() body: RuleBaseDto): Promise<Json> {
      return rulesetBody(kind.keys, await this.rulesets.addRule(auth, id, checked(body, 'body')));
    }

    @Patch(`${one}/rules/sequences`) @RequireScopes('update:configuration')
    @ApiOperation({ summary: 'Sets the sequence of the rules named ([{rule_id, sequence}]); answers the ruleset with its rules' })
    @ApiBody({ type: [RuleSequenceDto] }) @ApiOkResponse({ type: kind.rulesetResponse })
    async resequence(@CurrentAuth() auth: AuthContext, @Param(RS) id: string, @Body() body: unknown): Promise<Json> {
      return rulesetBody(kind.keys, await this.rulesets.resequence(auth, id, parseSequences(body)));
    }

    @Get(ruleOf) @RequireScopes('read:configuration') @ApiOkResponse({ type: kind.ruleResponse })
    async getRule(@CurrentAuth() auth: AuthContext, @Param(RS) id: string, @Param(R) ruleId: string): Promise<Json> {
      return ruleJson(await this.rulesets.getRule(auth, id, ruleId));
    }

    @Put(ruleOf) @RequireScopes('update:configuration')
    @ApiOperation({ summary: 'Replaces the rule (rule_id in the body is ignored); sequence absent keeps its place' })
    @ApiBody({ type: kind.rule }) @ApiOkResponse({ type: kind.ruleResponse })
    async replaceRule(@CurrentAuth() auth: AuthContext, @Param(RS) id: string, @Param(R) ruleId: string, @Body() body: RuleBaseDto): Promise<Json> {
      const { rule_id: _ignored, ...rule } = checked(body, 'body');
      return ruleJson(await this.rulesets.replaceRule(auth, id, ruleId, rule));
    }

    @Delete(ruleOf) @RequireScopes('update:configuration')
    @ApiOkResponse({ type: kind.ruleResponse, description: 'the removed rule with status DELETED' })
    async deleteRule(@CurrentAuth() auth: AuthContext, @Param(RS) id: string, @Param(R) ruleId: string): Promise<Json> {
      return ruleJson(await this.rulesets.deleteRule(auth, id, ruleId));
    }
  }

  bodyType(RulesetKindController, 'create', 1, kind.body);
  bodyType(RulesetKindController, 'replace', 2, kind.body);
  bodyType(RulesetKindController, 'patch', 2, kind.patch);
  bodyType(RulesetKindController, 'addRule', 2, kind.rule);
  bodyType(RulesetKindController, 'replaceRule', 3, kind.rule);
  Object.defineProperty(RulesetKindController, 'name', { value: kind.name });
  return RulesetKindController;
}

/** Sets the declared type of a method's body parameter: what the validation pipe and OpenAPI read. */
function bodyType(target: Type, method: string, index: number, type: Type): void {
  const types = [...(Reflect.getMetadata('design:paramtypes', target.prototype, method) as unknown[])];
  types[index] = type;
  Reflect.defineMetadata('design:paramtypes', types, target.prototype, method);
}

function badQuery(field: string, message: string): ApiError {
  return ApiError.badRequest(`${field} : ${message}`, [{ field, message }], 'validation_failed');
}
