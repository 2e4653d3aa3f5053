import type { Database } from '@shipledger/database';
import type { EventStore } from '@shipledger/event-store';
import { shippingTables } from '../../storage/shipping-schema';
import { ShipmentRepository } from '../shared/shipment.repository';

/**
 * The PDF bytes of shipment documents (events carry only name, size and sha256). Also the carriers
 * context's DocumentContentReader: `read` answers the content the shipment's events currently name.
 */
export class ShipmentDocumentContents {
  private readonly shipments: ShipmentRepository;

  constructor(private readonly database: Database, eventStore: EventStore) {
    this.shipments = new ShipmentRepository(eventStore);
  }

  /**
   * Idempotent: the same bytes under the same document are stored once. True when this call stored
   * them (they were not there before): only then may `discard` take them back.
   */
  async save(tenantId: string, shipmentId: string, documentId: string, sha256: string, content: Buffer): Promise<boolean> {
    const inserted = await (await shippingTables(this.database)).insertInto('shipment_document_contents')
      .values({
        tenant_id: tenantId,
        shipment_id: shipmentId,
        document_id: documentId,
        content_sha256: sha256,
        size_bytes: content.length,
        content,
        stored_at: new Date().toISOString(),
      })
      .onConflict((oc) => oc.columns(['shipment_id', 'document_id', 'content_sha256']).doNothing())
      .returning('content_sha256')
      .execute();
    return inserted.length > 0;
  }

  /**
   * Takes back bytes `save` stored for an upload the shipment then refused — unless an event of the
   * shipment names them after all (the same bytes uploaded again meanwhile), so no document loses its content.
   */
  async discard(tenantId: string, shipmentId: string, documentId: string, sha256: string): Promise<void> {
    const state = await this.state(shipmentId);
    const named = state.exists && state.tenant_id === tenantId
      && state.documents.some((doc) => doc.document_id === documentId && doc.content_sha256 === sha256);
    if (named) return;
    await (await shippingTables(this.database)).deleteFrom('shipment_document_contents')
      .where('tenant_id', '=', tenantId).where('shipment_id', '=', shipmentId)
      .where('document_id', '=', documentId).where('content_sha256', '=', sha256)
      .execute();
  }

  async read(tenantId: string, shipmentId: string, documentId: string): Promise<Buffer | undefined> {
    const state = await this.state(shipmentId);
    if (!state.exists || state.tenant_id !== tenantId) return undefined;
    const document = state.documents.find((doc) => doc.document_id === documentId);
    if (!document) return undefined;
    const row = await (await shippingTables(this.database)).selectFrom('shipment_document_contents').select('content')
      .where('shipment_id', '=', shipmentId).where('document_id', '=', documentId).where('content_sha256', '=', document.content_sha256)
      .executeTakeFirst();
    return row ? Buffer.from(row.content as Uint8Array) : undefined;
  }

  private async state(shipmentId: string) {
    return (await this.shipments.load(shipmentId)).state;
  }
}
