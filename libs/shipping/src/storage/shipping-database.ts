import type { Json, Timestamp } from '@shipledger/database';
import type { ShipmentState } from '../domain/shipment/shipment.state';
import type { Milestone } from '../read-models/shipment-list/milestones';

/*
 * The Shipping context's tables, kept by hand beside their migrations (storage/shipping-schema.ts,
 * read-models/shipment-list/shipment-list.migrations.ts): a column added there is added here, and
 * the compiler then checks every query that names it.
 */

/** Schema `shipping` (shippingTables(database) hands out a handle scoped to it). */
export type ShippingTables = {
  document_settings: {
    tenant_id: string;
    document_id: string;
    document_name: string;
    description: string | null | undefined;
    creation_date: Timestamp;
    update_date: Timestamp;
  };
  shipment_document_contents: {
    tenant_id: string;
    shipment_id: string;
    document_id: string;
    content_sha256: string;
    size_bytes: number;
    content: Buffer | Uint8Array;
    stored_at: Timestamp;
  };
};

/** The shipment-list read model's schema (`rm_shipment_list`, scoped by the runner or by the queries). */
export type ShipmentListTables = {
  shipments: {
    tenant_id: string;
    shipment_id: string;
    revision: number;
    merchant: string | null;
    partner_shipment_reference: string | null;
    partner_order_reference: string | null;
    entity_type: string | null;
    status: string;
    creation_date: Timestamp;
    update_date: Timestamp;
    state: Json<ShipmentState>;
    milestones: Json<Milestone[]>;
    /** The shipment's search terms, as stored in search_terms. */
    terms: string[];
  };
  search_terms: { tenant_id: string; shipment_id: string; term: string; creation_date: Timestamp };
};
