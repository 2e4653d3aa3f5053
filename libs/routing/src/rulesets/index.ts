/**
 * The generic ruleset machinery every ruleset kind builds on (automation, service levels): the
 * aggregate (one stream per tenant × kind), its status lifecycle, the use cases, the DTO pieces and
 * the response shapes. A kind supplies a RulesetKindSpec, its rule DTO and its controller.
 */
export * from './domain';
export { RulesetStore, type RulesetCommandMeta } from './application/ruleset.store';
export { RulesetService, toApiError as rulesetApiError, type RulesetWrite, type RulesetListFilter, type MerchantDirectory } from './application/ruleset.service';
export * from './application/ruleset.dto';
export * from './application/ruleset.mapping';
export { RULESET_STORE_PROVIDER, rulesetServiceProvider } from './application/ruleset.providers';
export { rulesetController, type RulesetHttpKind } from './application/ruleset-controller.factory';
