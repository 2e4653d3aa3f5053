import { sql, type Kysely } from 'kysely';
import { readModelSchema } from '@shipledger/projections';
import type { ShipmentListTables } from '../../storage/shipping-database';
import type { ShipmentContent } from '../../domain/shipment/shipment.content';
import { SHIPMENT_LIST_PROJECTOR } from './shipment-list.queries';

/** What a routing backtest needs of a past shipment: its routable content and the account it got. */
export interface RoutableShipmentRow {
  shipment_id: string;
  creation_date: string;
  carrier_id?: string;
  content: ShipmentContent;
}

/**
 * The tenant's shipments created in [from, to), oldest first, in batches of `batchSize` by keyset
 * (creation_date, shipment_id) on shipments_newest_idx — never an OFFSET — and at most `limit` rows.
 * Only the fields routing conditions read are taken out of the stored state (jsonb_build_object in
 * the database), so a batch of 1,000 moves a few hundred KB, not whole shipments.
 */
export async function* routableShipments(
  db: Kysely<ShipmentListTables>, tenantId: string, range: { from: string; to: string }, options: { batchSize: number; limit: number },
): AsyncGenerator<RoutableShipmentRow[]> {
  const model = db.withSchema(readModelSchema(SHIPMENT_LIST_PROJECTOR));
  // The cursor keeps the timestamp as Postgres prints it (microseconds): a JS Date would round them
  // away and read rows twice at a batch boundary.
  let after: { date: string; id: string } | undefined;
  let read = 0;
  while (read < options.limit) {
    let select = model.selectFrom('shipments as s')
      .select(['s.shipment_id', 's.creation_date'])
      .select(sql<string>`s.creation_date::text`.as('cursor'))
      .select(sql<Record<string, unknown>>`jsonb_build_object(
        'merchant', s.state->'content'->'merchant', 'entity_type', s.state->'content'->'entity_type',
        'order_type', s.state->'content'->'order_type', 'source', s.state->'content'->'source',
        'payment', s.state->'content'->'payment', 'delivery', s.state->'content'->'delivery',
        'parcels', s.state->'content'->'parcels', 'items', s.state->'content'->'items',
        'pickup', s.state->'content'->'pickup', 'dropoff', s.state->'content'->'dropoff',
        'custom_attributes', s.state->'content'->'custom_attributes')`.as('content'))
      .select(sql<string | null>`s.state->'carrier_account'->>'carrier_id'`.as('carrier_id'))
      .where('s.tenant_id', '=', tenantId)
      .where('s.creation_date', '>=', range.from)
      .where('s.creation_date', '<', range.to);
    if (after) {
      const { date, id } = after;
      select = select.where((eb) => eb.or([eb('s.creation_date', '>', date), eb.and([eb('s.creation_date', '=', date), eb('s.shipment_id', '>', id)])]));
    }
    const rows = await select.orderBy('s.creation_date').orderBy('s.shipment_id').limit(Math.min(options.batchSize, options.limit - read)).execute();
    if (rows.length === 0) return;
    read += rows.length;
    const last = rows[rows.length - 1]!;
    after = { date: last.cursor, id: last.shipment_id };
    yield rows.map((row) => ({
      shipment_id: row.shipment_id,
      creation_date: new Date(row.creation_date as Date | string).toISOString(),
      ...(row.carrier_id ? { carrier_id: row.carrier_id } : {}),
      content: stripNulls(typeof row.content === 'string' ? JSON.parse(row.content) : row.content) as ShipmentContent,
    }));
    if (rows.length < options.batchSize) return;
  }
}

function stripNulls(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== null && entry !== undefined));
}
