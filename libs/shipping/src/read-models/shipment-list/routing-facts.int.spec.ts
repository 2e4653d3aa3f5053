import { sql } from 'kysely';
import { migrateReadModels, readModelSchema } from '@shipledger/projections';
import { DATABASE_KINDS, openTestDatabase } from '@shipledger/testing';
import { shipmentListProjector } from './shipment-list.projector';
import { routableShipments } from './routing-facts.queries';
import { SHIPMENT_LIST_PROJECTOR } from './shipment-list.queries';

describe.each(DATABASE_KINDS)('routableShipments on %s', (kind) => {
  it('given rows sharing microsecond timestamps, when read in batches of 2, then each row comes once, oldest first, within [from, to) and the limit', async () => {
    const database = await openTestDatabase(kind);
    try {
      await migrateReadModels(database.kysely, [shipmentListProjector]);
      const table = sql.id(readModelSchema(SHIPMENT_LIST_PROJECTOR), 'shipments');
      await sql`INSERT INTO ${table} (tenant_id, shipment_id, revision, merchant, status, creation_date, update_date, state, milestones)
        SELECT CASE WHEN i = 9 THEN 'OTHER' ELSE 'T' END, 'S' || i, 1, 'M', 'booked',
          timestamptz '2026-11-20 10:00:00.123456+00' + ((i / 3) || ' microseconds')::interval, now(),
          jsonb_build_object('carrier_account', jsonb_build_object('carrier_id', 'ca-' || i), 'content', jsonb_build_object('merchant', 'M', 'delivery', jsonb_build_object('delivery_type', 'EXPRESS'))),
          '[]'::jsonb FROM generate_series(1, 10) AS i`.execute(database.kysely);
      const read = async (limit: number) => {
        const rows = [];
        for await (const batch of routableShipments(database.kysely, 'T', { from: '2026-11-20T00:00:00Z', to: '2026-11-21T00:00:00Z' }, { batchSize: 2, limit })) rows.push(...batch);
        return rows;
      };
      const rows = await read(100);
      expect(rows.map((row) => row.shipment_id)).toEqual(['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8', 'S10']);
      expect(rows[0]).toEqual({ shipment_id: 'S1', creation_date: '2026-11-20T10:00:00.123Z', carrier_id: 'ca-1', content: { merchant: 'M', delivery: { delivery_type: 'EXPRESS' } } });
      expect(await read(5)).toHaveLength(5);
    } finally {
      await database.close();
    }
  });
});
