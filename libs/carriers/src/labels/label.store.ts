import type { Kysely } from 'kysely';
import { preparedQuery, type Database } from '@shipledger/database';
import type { LabelKind } from '../accounts/carrier-account';
import { carriersTables } from '../storage/carriers-schema';
import type { CarriersTables } from '../storage/carriers-database';

export interface StoredLabel {
  kind: LabelKind;
  trackingNo: string;
  contentType: string;
  content: Buffer;
}

/** A label to render on its first fetch: the booking it belongs to. */
export interface LabelSource {
  tenantId: string;
  kind: LabelKind;
  trackingNo: string;
  requestId: string;
  carrierAccountId: string;
}

/** Rendered labels, one per shipment and kind; a re-booking (new tracking number) overwrites them. */
export class LabelStore {
  constructor(private readonly database: Database) {}

  private db(): Promise<Kysely<CarriersTables>> {
    return carriersTables(this.database);
  }

  async save(tenantId: string, shipmentId: string, label: StoredLabel): Promise<void> {
    const db = await this.db();
    const row = {
      tenant_id: tenantId, shipment_id: shipmentId, kind: label.kind, tracking_no: label.trackingNo,
      content_type: label.contentType, content: label.content, created_at: new Date().toISOString(),
    };
    await db.insertInto('labels').values(row)
      .onConflict((oc) => oc.columns(['tenant_id', 'shipment_id', 'kind']).doUpdateSet({
        tracking_no: row.tracking_no, content_type: row.content_type, content: row.content, created_at: row.created_at,
      }))
      .execute();
  }

  async get(tenantId: string, shipmentId: string, kind: LabelKind): Promise<StoredLabel | undefined> {
    const db = await this.db();
    const row = await db.selectFrom('labels').selectAll()
      .where('tenant_id', '=', tenantId).where('shipment_id', '=', shipmentId).where('kind', '=', kind)
      .executeTakeFirst();
    if (!row) return undefined;
    return { kind: row.kind, trackingNo: row.tracking_no, contentType: row.content_type, content: Buffer.from(row.content) };
  }

  /** Every tenant's label of this shipment id and kind (shipment ids are UUIDs: in practice one). */
  async candidates(shipmentId: string, kind: LabelKind): Promise<(StoredLabel & { tenantId: string })[]> {
    const db = await this.db();
    const rows = await db.selectFrom('labels').selectAll().where('shipment_id', '=', shipmentId).where('kind', '=', kind).limit(5).execute();
    return rows.map((row) => ({
      tenantId: row.tenant_id, kind: row.kind, trackingNo: row.tracking_no, contentType: row.content_type, content: Buffer.from(row.content),
    }));
  }

  /**
   * Lazy labels: what a booking's labels will be rendered from on their first fetch. Rendered labels of
   * an earlier booking of the shipment are dropped at the same time, so a fetch never serves a
   * label of another tracking number. One statement (the delete a data-modifying WITH of the upsert),
   * so both happen or neither, in one round trip, whatever the number of kinds.
   */
  async reserveSources(tenantId: string, shipmentId: string, kinds: readonly LabelKind[], booking: Omit<LabelSource, 'tenantId' | 'kind'>): Promise<void> {
    const db = await this.db();
    const createdAt = new Date().toISOString();
    // Prepared (once per connection and number of kinds: two or three, so two statements at most).
    await db.executeQuery(preparedQuery(db
      .with('dropped', (qb) => qb.deleteFrom('labels').where('tenant_id', '=', tenantId).where('shipment_id', '=', shipmentId).where('kind', 'in', kinds))
      .insertInto('label_sources')
      .values(kinds.map((kind) => ({
        tenant_id: tenantId, shipment_id: shipmentId, kind, tracking_no: booking.trackingNo, request_id: booking.requestId,
        carrier_account_id: booking.carrierAccountId, created_at: createdAt,
      })))
      .onConflict((oc) => oc.columns(['tenant_id', 'shipment_id', 'kind']).doUpdateSet((eb) => ({
        tracking_no: eb.ref('excluded.tracking_no'), request_id: eb.ref('excluded.request_id'),
        carrier_account_id: eb.ref('excluded.carrier_account_id'), created_at: eb.ref('excluded.created_at'),
      })))));
  }

  /** Every tenant's label source of this shipment id and kind (in practice one). */
  async sourceCandidates(shipmentId: string, kind: LabelKind): Promise<LabelSource[]> {
    const db = await this.db();
    const rows = await db.selectFrom('label_sources').selectAll().where('shipment_id', '=', shipmentId).where('kind', '=', kind).limit(5).execute();
    return rows.map((row) => ({
      tenantId: row.tenant_id, kind: row.kind, trackingNo: row.tracking_no, requestId: row.request_id, carrierAccountId: row.carrier_account_id,
    }));
  }

  async remove(tenantId: string, shipmentId: string, kind: LabelKind): Promise<void> {
    const db = await this.db();
    await db.deleteFrom('labels').where('tenant_id', '=', tenantId).where('shipment_id', '=', shipmentId).where('kind', '=', kind).execute();
  }
}
