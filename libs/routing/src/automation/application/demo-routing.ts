import type { EventStore } from '@shipledger/event-store';
import { rulesetDecider, RulesetCommandRejected, type RuleInput } from '../../rulesets/domain';
import { RulesetStore } from '../../rulesets/application/ruleset.store';
import { AUTOMATION_RULESETS } from '../domain/automation-rule';

export const DEMO_RULESET_ID = 'demo-routing';

/**
 * The demo tenant's ACTIVE automation ruleset (fixed ids, so it is created once): EXPRESS shipments to
 * the UAE go to the cheaper of the two sandbox accounts (CHEAPEST_CARRIER), everything else in the UAE
 * to the first. The README's first-minute shipment (demo-warehouse → Dubai, EXPRESS) is routed by
 * `uae-express`. Written through the same decider as the API.
 */
export async function provisionDemoRouting(deps: { eventStore: EventStore }, tenantId: string, accountIds: readonly string[]): Promise<void> {
  const [standard, economy] = accountIds;
  if (!standard) return;
  const rules: RuleInput[] = [
    {
      rule_id: 'uae-express', rule_name: 'UAE express: the cheapest sandbox account', sequence: 10, status: 'ACTIVE',
      fields: {
        delivery_type: { operator: 'INCLUSION', value: ['EXPRESS'] },
        dropoff_v2: { operator: 'INCLUSION', value: [{ country: 'AE' }] },
        carrier_accounts: [standard, economy].filter(Boolean).map((id) => ({ carrier_account_id: id })),
        carrier_choice: 'CHEAPEST_CARRIER',
      },
    },
    { rule_id: 'uae-other', rule_name: 'Everything else in the UAE', sequence: 20, status: 'ACTIVE', fields: { carrier_accounts: [{ carrier_account_id: standard }] } },
  ];
  const meta = { actor: 'system', requestId: 'demo-setup', correlationId: 'demo-setup' };
  try {
    await new RulesetStore(deps.eventStore).handle(rulesetDecider(AUTOMATION_RULESETS), {
      type: 'CreateRuleset', tenant_id: tenantId, rule_set_id: DEMO_RULESET_ID, at: new Date().toISOString(), actor: 'system',
      ruleset: { name: 'Demo routing', entity_type: 'FORWARD', merchants: ['_ANY'], countries: ['AE'], status: 'ACTIVE' },
      rules, new_rule_ids: [],
    }, meta);
  } catch (error) {
    if (!(error instanceof RulesetCommandRejected)) throw error;
  }
}
