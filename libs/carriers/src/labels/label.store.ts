import type { Kysely } from 'kysely';
import type { Database } from '@shipledger/database';
import type { LabelKind } from '../accounts/carrier-account';
import { carriersTables } from '../storage/carriers-schema';
import type { CarriersTables } from '../storage/carriers-database';

export interface StoredLabel {
  kind: LabelKind;
  trackingNo: string;
  contentType: string;
  content: Buffer;
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

  async remove(tenantId: string, shipmentId: string, kind: LabelKind): Promise<void> {
    const db = await this.db();
    await db.deleteFrom('labels').where('tenant_id', '=', tenantId).where('shipment_id', '=', shipmentId).where('kind', '=', kind).execute();
  }
}
