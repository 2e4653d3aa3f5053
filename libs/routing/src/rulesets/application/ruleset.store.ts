import { CachedStreamLoader, commandEventMetadata, handle, type CachedLoad, type CommandContext } from '@shipledger/ddd';
import type { EventStore } from '@shipledger/event-store';
import { foldRulesets, initialRulesetState, rulesetStreamId, type RulesetCommand, type RulesetDecider, type RulesetKindSpec, type RulesetState } from '../domain';

export const RULESET_EVENT_SCHEMA_VERSION = 1;

/** Each round of conflicts lets at least one writer through; rulesets are edited by people, not traffic. */
const MAX_ATTEMPTS = 50;

export interface RulesetCommandMeta extends CommandContext {
  actor: string;
}

/**
 * One tenant's stream of one ruleset kind: loaded through libs/ddd's CachedStreamLoader (a load reads
 * only the events after the state it last read) and written through the one write path (libs/ddd
 * `handle`: load → decide → append at the revision read; a lost race decides again on the new state).
 * Routing reads rulesets here too, so a ruleset written a moment ago routes the next shipment.
 */
export class RulesetStore {
  private readonly loaders = new Map<string, CachedStreamLoader<RulesetState>>();

  constructor(private readonly eventStore: EventStore) {}

  load(spec: RulesetKindSpec, tenantId: string): Promise<CachedLoad<RulesetState>> {
    return this.loader(spec).load(rulesetStreamId(spec, tenantId));
  }

  /** The state before and after the command (a DELETE answers the rules the ruleset held before). */
  async handle(decider: RulesetDecider, command: RulesetCommand, meta: RulesetCommandMeta): Promise<{ before: RulesetState; after: RulesetState }> {
    const { spec } = decider;
    const { state, expected } = await this.load(spec, command.tenant_id);
    const result = await handle(this.eventStore, decider, rulesetStreamId(spec, command.tenant_id), command, {
      loaded: { state, revision: expected },
      maxAttempts: MAX_ATTEMPTS,
      metadata: (event) => commandEventMetadata(event as { data: { at: string; actor: string } }, command.tenant_id, meta, RULESET_EVENT_SCHEMA_VERSION),
    });
    return { before: result.before, after: result.state };
  }

  private loader(spec: RulesetKindSpec): CachedStreamLoader<RulesetState> {
    let loader = this.loaders.get(spec.kind);
    if (!loader) {
      loader = new CachedStreamLoader(this.eventStore, (state, events) => foldRulesets(spec, state, events), initialRulesetState);
      this.loaders.set(spec.kind, loader);
    }
    return loader;
  }
}
