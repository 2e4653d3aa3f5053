/**
 * bench:backtest — POST /automation-rulesets/{id}/backtest's work at scale, on Postgres (DATABASE_URL,
 * else the local test server): N shipment-list rows are seeded straight into the read model (one
 * INSERT … SELECT generate_series; states shaped like real ones: merchant, delivery type, addresses,
 * two parcels, items, the account they were booked with), then the backtest of a 3-rule draft ruleset
 * over the whole range runs `runs` times through the real service (keyset batches of 1,000, planRouting
 * per shipment). Prints rows/s and the median time.
 *   npm run bench:backtest -- [shipments, default 100000] [runs, default 3]
 * A quick check: npm run bench:backtest -- 20000 1
 */
import { sql } from 'kysely';
import { createEventStore } from '@shipledger/event-store';
import { migrateReadModels, readModelSchema } from '@shipledger/projections';
import { AUTOMATION_RULESETS, RulesetService, RulesetStore } from '@shipledger/routing';
import { shipmentListProjector, SHIPMENT_LIST_PROJECTOR } from '@shipledger/shipping';
import { createTestDatabase } from '@shipledger/testing';
import type { AuthContext } from '@shipledger/platform';
import { AutomationShipmentRouter } from '../../libs/routing/src/automation/application/automation-shipment-router';
import { RoutingExplainService } from '../../libs/routing/src/automation/application/routing-explain.service';

async function main(): Promise<void> {
  const size = Number(process.argv[2] ?? 100_000);
  const runs = Number(process.argv[3] ?? 3);
  const fresh = await createTestDatabase({ poolSize: 4 });
  const { database } = fresh;
  try {
    const eventStore = createEventStore({ database });
    await eventStore.init();
    await migrateReadModels(database.kysely, [shipmentListProjector]);
    const schema = readModelSchema(SHIPMENT_LIST_PROJECTOR);
    const seeded = Date.now();
    await sql`INSERT INTO ${sql.id(schema, 'shipments')} (tenant_id, shipment_id, revision, merchant, status, creation_date, update_date, state, milestones)
      SELECT 'T', 'S' || lpad(i::text, 8, '0'), 3, 'SHOP-' || (i % 4), 'booked', now() - (i || ' seconds')::interval, now(),
        jsonb_build_object('shipment_id', 'S' || i, 'carrier_account', jsonb_build_object('carrier_id', 'ca-' || (i % 3)), 'content', jsonb_build_object(
          'merchant', 'SHOP-' || (i % 4), 'delivery', jsonb_build_object('delivery_type', CASE WHEN i % 2 = 0 THEN 'EXPRESS' ELSE 'STANDARD' END),
          'payment', jsonb_build_object('payment_mode', 'PRE_PAID', 'total_amount', i % 500),
          'pickup', jsonb_build_object('country', 'AE', 'city', 'Dubai', 'partner_location_id', 'wh-1'),
          'dropoff', jsonb_build_object('country', CASE WHEN i % 5 = 0 THEN 'SA' ELSE 'AE' END, 'state', 'Dubai', 'city', 'Dubai', 'area', 'Marina'),
          'parcels', jsonb_build_array(jsonb_build_object('weight', jsonb_build_object('value', (i % 30)::numeric / 3, 'unit', 'kg')),
            jsonb_build_object('dimension', jsonb_build_object('width', 20, 'height', 10, 'depth', 30, 'unit', 'cm'))),
          'items', jsonb_build_array(jsonb_build_object('sku', 'A', 'quantity', 2, 'price', jsonb_build_object('amount', 20, 'currency', 'AED'))),
          'custom_attributes', jsonb_build_object('channel', jsonb_build_array('web')))),
        '[]'::jsonb
      FROM generate_series(1, ${size}) AS i`.execute(database.kysely);
    await sql`ANALYZE ${sql.id(schema, 'shipments')}`.execute(database.kysely);
    console.log(`seeded ${size} shipment-list rows in ${Date.now() - seeded} ms`);

    const store = new RulesetStore(eventStore);
    const rulesets = new RulesetService(AUTOMATION_RULESETS, store, { hasMerchant: async () => true });
    const auth = { tenantId: 'T', clientId: 'bench', merchants: '*', requestId: 'r', correlationId: 'c' } as unknown as AuthContext;
    const draft = await rulesets.create(auth, {
      ruleset: { name: 'draft', entity_type: 'FORWARD', merchants: ['_ANY'], countries: ['AE'], status: 'INACTIVE' },
      rules: [
        { rule_name: 'heavy', status: 'ACTIVE', fields: { gross_weight: { min_value: 8 }, carrier_accounts: [{ carrier_account_id: 'ca-2' }] } },
        { rule_name: 'express Dubai', status: 'ACTIVE', fields: {
          delivery_type: { operator: 'INCLUSION', value: ['EXPRESS'] },
          dropoff_v2: { operator: 'INCLUSION', value: [{ country: 'AE', state_cities: [{ state: 'Dubai', city_areas: [{ city: 'Dubai', areas: ['Marina'] }] }] }] },
          carrier_accounts: [{ carrier_account_id: 'ca-1' }] } },
        { rule_name: 'rest', status: 'ACTIVE', fields: { carrier_accounts: [{ carrier_account_id: 'ca-0' }] } },
      ],
    });
    const service = new RoutingExplainService(new AutomationShipmentRouter(store), rulesets, eventStore, database.kysely);
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
      const started = Date.now();
      const answer = await service.backtest(auth, draft.rule_set_id, { from: new Date(Date.now() - 300 * 86_400_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString() });
      times.push(Date.now() - started);
      console.log(`run ${run + 1}: ${answer.shipments} shipments, ${answer.changed} changed, ${(answer.changes as unknown[]).length} old→new pairs in ${times[run]} ms`);
    }
    const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
    console.log(`backtest of ${size} shipments: median ${median} ms (${Math.round(size / (median / 1000))} shipments/s)`);
    await eventStore.close();
  } finally {
    await fresh.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
