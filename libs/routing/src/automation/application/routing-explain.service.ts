import type { Kysely } from 'kysely';
import type { EventStore } from '@shipledger/event-store';
import { ApiError, type AuthContext } from '@shipledger/platform';
import { fold, readTenantShipmentStream, routableShipments, type ShipmentContent, type ShipmentEvent, type ShipmentListTables } from '@shipledger/shipping';
import type { Ruleset, RulesetService } from '../../rulesets';
import { planRouting } from '../domain/route-shipment';
import { shipmentFacts } from '../domain/shipment-facts';
import type { AutomationShipmentRouter } from './automation-shipment-router';
import { BACKTEST_LIMITS } from './routing-explain.dto';

const DAY_MS = 86_400_000;

/**
 * Dry runs: evaluate (one shipment through the tenant's rulesets, with every rule's verdict) and
 * backtest (the tenant's past shipments from the shipment-list read model through a draft ruleset).
 * Neither writes anything.
 */
export class RoutingExplainService {
  constructor(
    private readonly router: AutomationShipmentRouter,
    private readonly rulesets: RulesetService,
    private readonly eventStore: EventStore,
    private readonly db: Kysely<ShipmentListTables>,
  ) {}

  async evaluate(auth: AuthContext, body: { shipment_id?: string; shipment?: object; at?: string }): Promise<Record<string, unknown>> {
    if (!body.shipment === !body.shipment_id) {
      throw ApiError.badRequest('shipment : exactly one of shipment and shipment_id is required', [{ field: 'shipment', message: 'exactly one of shipment and shipment_id is required' }], 'validation_failed');
    }
    const at = body.at ? new Date(body.at).toISOString() : new Date().toISOString();
    const { content, shipmentId } = body.shipment_id
      ? await this.stored(auth, body.shipment_id)
      : { content: JSON.parse(JSON.stringify(body.shipment)) as ShipmentContent, shipmentId: undefined };
    const decision = await this.router.decide(auth.tenantId, content, at);
    const { plan, choice, outcome } = decision;
    const chosen = plan.chosen;
    return {
      ...(shipmentId ? { shipment_id: shipmentId } : {}),
      outcome: outcome.kind,
      reason: outcome.kind === 'not_configured' ? 'no ACTIVE automation ruleset: booking takes the tenant\'s oldest active carrier account' : outcome.routing.reason,
      rulesets: plan.rulesets.map((ruleset) => ruleset.rule_set_id),
      evaluations: plan.evaluations,
      ...(chosen && outcome.kind !== 'not_configured' ? {
        chosen: {
          rule_set_id: chosen.evaluation.rule_set_id, rule_id: chosen.evaluation.rule_id, rule_name: chosen.evaluation.rule_name,
          carrier_account_id: choice?.carrier_account_ids[0] ?? null, carrier_account_ids: choice?.carrier_account_ids ?? chosen.carrier_account_ids,
          ...(chosen.carrier_choice ? { carrier_choice: chosen.carrier_choice } : {}), ...(choice?.prices ? { prices: choice.prices } : {}),
        },
      } : {}),
    };
  }

  /**
   * The tenant's ACTIVE rulesets with the draft in place of its stored version (taken as ACTIVE, whatever
   * its status), over its shipments created in [from, to): read in keyset batches of 1,000 from the read
   * model, at most 200,000, each routed by the pure planRouting at its creation instant.
   */
  async backtest(auth: AuthContext, rulesetId: string, body: { from: string; to: string; sample_size?: number }): Promise<Record<string, unknown>> {
    const started = Date.now();
    const from = new Date(body.from).toISOString();
    const to = new Date(body.to).toISOString();
    const span = Date.parse(to) - Date.parse(from);
    if (span <= 0 || span > BACKTEST_LIMITS.maxDays * DAY_MS) {
      throw ApiError.badRequest(`to : must be after from and at most ${BACKTEST_LIMITS.maxDays} days after it`, [{ field: 'to', message: `must be after from and at most ${BACKTEST_LIMITS.maxDays} days after it` }], 'validation_failed');
    }
    const draft = await this.rulesets.visible(auth, rulesetId);
    if (draft.fields.status === 'DELETED') throw ApiError.badRequest(`The automation ruleset ${rulesetId} is deleted.`, [], 'deleted');
    const others = (await this.router.rulesets(auth.tenantId)).filter((ruleset) => ruleset.rule_set_id !== rulesetId && ruleset.fields.status === 'ACTIVE');
    const candidates: Ruleset[] = [...others, { ...draft, fields: { ...draft.fields, status: 'ACTIVE' } }];
    const sampleSize = body.sample_size ?? BACKTEST_LIMITS.sampleDefault;
    const tally = { shipments: 0, changed: 0, unmatched: 0, routed_by_ruleset: 0, cheapest_carrier: 0 };
    const changes = new Map<string, { from_carrier_account_id: string | null; to_carrier_account_id: string | null; count: number }>();
    const sample: Array<Record<string, unknown>> = [];
    const batches = routableShipments(this.db, auth.tenantId, { from, to }, { batchSize: BACKTEST_LIMITS.batchSize, limit: BACKTEST_LIMITS.maxShipments + 1 });
    let truncated = false;
    for await (const batch of batches) {
      for (const row of batch) {
        if (tally.shipments === BACKTEST_LIMITS.maxShipments) { truncated = true; break; }
        if (auth.merchants !== '*' && !auth.merchants.includes(row.content.merchant ?? '')) continue;
        tally.shipments++;
        const plan = planRouting(candidates, shipmentFacts(row.content), row.creation_date);
        const next = plan.chosen?.carrier_account_ids[0] ?? null;
        if (!plan.chosen) tally.unmatched++;
        if (plan.chosen?.evaluation.rule_set_id === rulesetId) tally.routed_by_ruleset++;
        if (plan.chosen?.carrier_choice === 'CHEAPEST_CARRIER' && plan.chosen.carrier_account_ids.length > 1) tally.cheapest_carrier++;
        const previous = row.carrier_id ?? null;
        if (next === previous) continue;
        tally.changed++;
        const key = `${previous} ${next}`;
        const entry = changes.get(key) ?? { from_carrier_account_id: previous, to_carrier_account_id: next, count: 0 };
        entry.count++;
        changes.set(key, entry);
        if (sample.length < sampleSize) {
          sample.push({
            shipment_id: row.shipment_id, creation_date: row.creation_date, from_carrier_account_id: previous, to_carrier_account_id: next,
            rule_set_id: plan.chosen?.evaluation.rule_set_id ?? null, rule_id: plan.chosen?.evaluation.rule_id ?? null,
          });
        }
      }
      if (truncated) break;
    }
    return {
      rule_set_id: rulesetId, from, to, ...tally, truncated, unchanged: tally.shipments - tally.changed,
      changes: [...changes.values()].sort((a, b) => b.count - a.count), sample, duration_ms: Date.now() - started,
    };
  }

  private async stored(auth: AuthContext, ref: string): Promise<{ content: ShipmentContent; shipmentId: string }> {
    const events = await readTenantShipmentStream(this.eventStore, auth.tenantId, ref);
    const state = events ? fold(events.map((event) => ({ type: event.type, data: event.data }) as ShipmentEvent)) : undefined;
    if (!state || (auth.merchants !== '*' && !auth.merchants.includes(state.content.merchant ?? ''))) {
      throw ApiError.notFound(`No shipment found with the shipment id: ${ref}`);
    }
    return { content: state.content, shipmentId: state.shipment_id };
  }
}
