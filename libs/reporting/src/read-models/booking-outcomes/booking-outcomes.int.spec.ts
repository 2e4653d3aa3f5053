import { sql } from 'kysely';
import { readModelSchema } from '@shipledger/projections';
import { DATABASE_KINDS } from '../../../../testing/src/test-database';
import { applyAll, applyInBatches, readModelTables, projectionSpec } from '../../../../testing/src/projection-spec';
import { reportScenario } from '../../../../../test/reporting/report-scenario';
import { filterFor } from '../report-spec-support';
import { shipmentReportsProjector } from '../shipment-reports';
import { SHIPMENT_REPORTS } from '../../shipment-facts/facts-projector';
import { withinDays } from '../report-filter';
import { bookingOutcomes } from './booking-outcomes.queries';

const instants = (row: Record<string, unknown>) => ({ ...row, bucket: new Date(row.bucket as string).toISOString() });

describe.each(DATABASE_KINDS)('booking-outcomes view on %s', (kind) => {
  const spec = projectionSpec(shipmentReportsProjector, kind);
  const scenario = reportScenario();
  const tenant = scenario.log.tenantId;

  beforeAll(() => applyAll(spec.database.kysely, shipmentReportsProjector, scenario.events));

  it('leaves the same rows when the events are applied again in batches', async () => {
    const first = await readModelTables(spec.database.kysely, shipmentReportsProjector);
    await applyInBatches(spec.database.kysely, shipmentReportsProjector, scenario.events, 5);
    expect(await readModelTables(spec.database.kysely, shipmentReportsProjector)).toEqual(first);
  });

  it('gives each account its requests, answers, success rate, retries and error codes', async () => {
    expect(await bookingOutcomes(spec.database.kysely, filterFor(tenant))).toEqual([
      {
        carrier: 'OTHER', carrier_account_id: 'ca-2', carrier_account_name: 'Other two',
        attempts: 2, booked: 1, failed: 0, awaiting: 1, retries: 1, success_rate: 1, error_codes: [],
      },
      {
        carrier: 'SANDBOX', carrier_account_id: 'ca-1', carrier_account_name: 'Sandbox one',
        attempts: 3, booked: 2, failed: 1, awaiting: 0, retries: 0, success_rate: 2 / 3, error_codes: [{ code: 'E_ADDR', count: 1 }],
      },
    ]);
  });

  it('keeps its buckets equal to the request rows (and their error codes) counted per day and per 15 minutes', async () => {
    const schema = readModelSchema(SHIPMENT_REPORTS);
    for (const [grain, seconds] of [['day', 86_400], ['15m', 900]] as const) {
      const bucket = sql`to_timestamp(floor(extract(epoch from requested_at) / ${seconds}) * ${seconds})`;
      const { rows: requests } = await sql<Record<string, unknown>>`select ${bucket} as bucket, coalesce(merchant, '') as merchant, carrier_account_id,
          coalesce(outcome, '') as outcome, count(*)::int as attempts, (count(*) filter (where attempt_no > 1))::int as retries
        from ${sql.id(schema, 'booking_attempts')} group by 1, 2, 3, 4 order by 1, 2, 3, 4`.execute(spec.database.kysely);
      const { rows: requestBuckets } = await sql<Record<string, unknown>>`select bucket, merchant, carrier_account_id, outcome, attempts, retries
        from ${sql.id(schema, 'booking_buckets')} where grain = ${grain} order by 1, 2, 3, 4`.execute(spec.database.kysely);
      expect(requestBuckets.map(instants)).toEqual(requests.map(instants));
      const { rows: codes } = await sql<Record<string, unknown>>`select ${bucket} as bucket, carrier_account_id, code, count(*)::int as occurrences
        from ${sql.id(schema, 'booking_attempts')}, unnest(error_codes) as code group by 1, 2, 3 order by 1, 2, 3`.execute(spec.database.kysely);
      const { rows: codeBuckets } = await sql<Record<string, unknown>>`select bucket, carrier_account_id, code, occurrences
        from ${sql.id(schema, 'booking_error_buckets')} where grain = ${grain} order by 1, 2, 3`.execute(spec.database.kysely);
      expect(codes.length).toBeGreaterThan(0);
      expect(codeBuckets.map(instants)).toEqual(codes.map(instants));
    }
  });

  it('reads exact request counts in zones a half and three quarters of an hour off UTC', async () => {
    for (const timeZone of ['Asia/Kolkata', 'Asia/Kathmandu', 'America/St_Johns', 'Pacific/Chatham']) {
      for (const from of ['2026-11-01', '2026-11-02']) {
        const filter = filterFor(tenant, { timeZone, from, to: from });
        const { rows: counted } = await sql<{ attempts: number }>`select count(*)::int as attempts
          from ${sql.id(readModelSchema(SHIPMENT_REPORTS), 'booking_attempts')} where tenant_id = ${tenant} and ${withinDays('requested_at', filter)}`.execute(spec.database.kysely);
        const rows = await bookingOutcomes(spec.database.kysely, filter);
        expect({ timeZone, from, attempts: rows.reduce((sum, row) => sum + row.attempts, 0) }).toEqual({ timeZone, from, attempts: counted[0]!.attempts });
      }
    }
  });

  it('filters by request day, merchant and account', async () => {
    const firstDay = await bookingOutcomes(spec.database.kysely, filterFor(tenant, { to: '2026-11-01' }));
    expect(firstDay).toEqual([expect.objectContaining({ carrier_account_id: 'ca-1', attempts: 2, booked: 2 })]);
    const shop2 = await bookingOutcomes(spec.database.kysely, filterFor(tenant, { merchants: ['SHOP2'], carrierAccounts: ['ca-1'] }));
    expect(shop2).toEqual([expect.objectContaining({ attempts: 1, failed: 1, success_rate: 0 })]);
    expect(await bookingOutcomes(spec.database.kysely, filterFor(scenario.other.tenantId))).toEqual([]);
  });
});
