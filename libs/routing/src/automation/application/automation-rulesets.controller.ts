import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ApiError, CurrentAuth, RequireScopes, UseErrorArea, type AuthContext } from '@shipledger/platform';
import {
  parseSequences, ruleJson, rulesetBody, RuleSequenceDto, RulesetService, toRuleInput, toRulesetFields, toRulesetPatch,
  RULESET_ENTITY_TYPES, type RulesetEntityType,
} from '../../rulesets';
import { AutomationRuleDto } from './automation-rule.dto';
import {
  AUTOMATION_BODY_KEYS, AutomationRuleResponseDto, AutomationRulesetBodyDto, AutomationRulesetPatchDto, AutomationRulesetResponseDto,
} from './automation-ruleset.dto';

export const AUTOMATION_RULESET_SERVICE = Symbol.for('shipledger.routing.automation-ruleset-service');

type Body = Record<string, unknown>;

/** /automation-rulesets: rulesets whose rules choose the carrier account of a shipment (docs/api/routing.md). */
@ApiTags('automation rulesets')
@Controller('automation-rulesets')
@UseErrorArea('shipping')
export class AutomationRulesetsController {
  constructor(@Inject(AUTOMATION_RULESET_SERVICE) private readonly rulesets: RulesetService) {}

  @Post()
  @HttpCode(201)
  @RequireScopes('create:configuration')
  @ApiOperation({ summary: 'Creates a ruleset with an optional set of rules' })
  @ApiCreatedResponse({ type: AutomationRulesetResponseDto })
  async create(@CurrentAuth() auth: AuthContext, @Body() body: AutomationRulesetBodyDto): Promise<Body> {
    const ruleset = await this.rulesets.create(auth, { ruleset: toRulesetFields(body.automation_rule_set), rules: (body.automation_rules ?? []).map(toRuleInput) });
    return rulesetBody(AUTOMATION_BODY_KEYS, ruleset);
  }

  @Get()
  @RequireScopes('read:configuration')
  @ApiOperation({ summary: 'The rulesets not deleted, oldest first; merchant: those that apply to it (_ANY included)' })
  @ApiQuery({ name: 'merchant', required: false })
  @ApiQuery({ name: 'entity-type', required: false, enum: RULESET_ENTITY_TYPES })
  @ApiOkResponse({ type: [AutomationRulesetResponseDto] })
  async list(@CurrentAuth() auth: AuthContext, @Query('merchant') merchant?: string, @Query('entity-type') entityType?: string): Promise<Body[]> {
    if (merchant !== undefined && (typeof merchant !== 'string' || merchant.length > 250)) throw badQuery('merchant', 'must be a string of at most 250 characters');
    if (entityType !== undefined && !RULESET_ENTITY_TYPES.includes(entityType as RulesetEntityType)) throw badQuery('entity-type', 'must be FORWARD or REVERSE');
    const rulesets = await this.rulesets.list(auth, { merchant, entity_type: entityType as RulesetEntityType | undefined });
    return rulesets.map((ruleset) => rulesetBody(AUTOMATION_BODY_KEYS, ruleset));
  }

  @Get(':rulesetId')
  @RequireScopes('read:configuration')
  @ApiOkResponse({ type: AutomationRulesetResponseDto, description: 'a deleted ruleset answers with status DELETED and no rules' })
  async get(@CurrentAuth() auth: AuthContext, @Param('rulesetId') id: string): Promise<Body> {
    return rulesetBody(AUTOMATION_BODY_KEYS, await this.rulesets.get(auth, id));
  }

  @Put(':rulesetId')
  @RequireScopes('update:configuration')
  @ApiOperation({ summary: 'Replaces the ruleset and its rules: rules named by rule_id are updated, others added, the rest removed' })
  @ApiOkResponse({ type: AutomationRulesetResponseDto })
  async replace(@CurrentAuth() auth: AuthContext, @Param('rulesetId') id: string, @Body() body: AutomationRulesetBodyDto): Promise<Body> {
    const ruleset = await this.rulesets.replace(auth, id, { ruleset: toRulesetFields(body.automation_rule_set), rules: (body.automation_rules ?? []).map(toRuleInput) });
    return rulesetBody(AUTOMATION_BODY_KEYS, ruleset);
  }

  @Patch(':rulesetId')
  @RequireScopes('update:configuration')
  @ApiOperation({ summary: 'Changes the ruleset\'s fields sent; the rules are untouched' })
  @ApiOkResponse({ type: AutomationRulesetResponseDto })
  async patch(@CurrentAuth() auth: AuthContext, @Param('rulesetId') id: string, @Body() body: AutomationRulesetPatchDto): Promise<Body> {
    const { automation_rule_set: wrapped, ...bare } = body;
    return rulesetBody(AUTOMATION_BODY_KEYS, await this.rulesets.patch(auth, id, toRulesetPatch(wrapped ?? bare)));
  }

  @Delete(':rulesetId')
  @RequireScopes('delete:configuration')
  @ApiOperation({ summary: 'Deletes the ruleset and the rules it contains; answers them with status DELETED' })
  @ApiOkResponse({ type: AutomationRulesetResponseDto })
  async delete(@CurrentAuth() auth: AuthContext, @Param('rulesetId') id: string): Promise<Body> {
    const { ruleset, removed } = await this.rulesets.delete(auth, id);
    return rulesetBody(AUTOMATION_BODY_KEYS, ruleset, removed);
  }

  @Post(':rulesetId/rules')
  @HttpCode(201)
  @RequireScopes('update:configuration')
  @ApiOperation({ summary: 'Adds a rule to the ruleset; answers the ruleset with its rules' })
  @ApiCreatedResponse({ type: AutomationRulesetResponseDto })
  async addRule(@CurrentAuth() auth: AuthContext, @Param('rulesetId') id: string, @Body() body: AutomationRuleDto): Promise<Body> {
    return rulesetBody(AUTOMATION_BODY_KEYS, await this.rulesets.addRule(auth, id, toRuleInput(body)));
  }

  @Patch(':rulesetId/rules/sequences')
  @RequireScopes('update:configuration')
  @ApiOperation({ summary: 'Sets the sequence of the rules named ([{rule_id, sequence}]); answers the ruleset with its rules' })
  @ApiBody({ type: [RuleSequenceDto] })
  @ApiOkResponse({ type: AutomationRulesetResponseDto })
  async resequence(@CurrentAuth() auth: AuthContext, @Param('rulesetId') id: string, @Body() body: unknown): Promise<Body> {
    return rulesetBody(AUTOMATION_BODY_KEYS, await this.rulesets.resequence(auth, id, parseSequences(body)));
  }

  @Get(':rulesetId/rules/:ruleId')
  @RequireScopes('read:configuration')
  @ApiOkResponse({ type: AutomationRuleResponseDto })
  async getRule(@CurrentAuth() auth: AuthContext, @Param('rulesetId') id: string, @Param('ruleId') ruleId: string): Promise<Body> {
    return ruleJson(await this.rulesets.getRule(auth, id, ruleId));
  }

  @Put(':rulesetId/rules/:ruleId')
  @RequireScopes('update:configuration')
  @ApiOperation({ summary: 'Replaces the rule (rule_id in the body is ignored); sequence absent keeps its place' })
  @ApiOkResponse({ type: AutomationRuleResponseDto })
  async replaceRule(@CurrentAuth() auth: AuthContext, @Param('rulesetId') id: string, @Param('ruleId') ruleId: string, @Body() body: AutomationRuleDto): Promise<Body> {
    const { rule_id: _ignored, ...rule } = toRuleInput(body);
    return ruleJson(await this.rulesets.replaceRule(auth, id, ruleId, rule));
  }

  @Delete(':rulesetId/rules/:ruleId')
  @RequireScopes('update:configuration')
  @ApiOkResponse({ type: AutomationRuleResponseDto, description: 'the removed rule with status DELETED' })
  async deleteRule(@CurrentAuth() auth: AuthContext, @Param('rulesetId') id: string, @Param('ruleId') ruleId: string): Promise<Body> {
    return ruleJson(await this.rulesets.deleteRule(auth, id, ruleId));
  }
}

function badQuery(field: string, message: string): ApiError {
  return ApiError.badRequest(`${field} : ${message}`, [{ field, message }], 'validation_failed');
}
