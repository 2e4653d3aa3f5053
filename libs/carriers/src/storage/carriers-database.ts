import type { Generated } from 'kysely';
import type { Int8, Timestamp } from '@shipledger/database';
import type { CarrierCode, LabelKind } from '../accounts/carrier-account';

/**
 * The carriers context's tables in schema `carriers`, kept by hand beside their migrations
 * (carriers-schema.ts): a column added there is added here, and the compiler then checks every
 * query that names it. carriersTables(database) hands out the handle scoped to the schema.
 */
export type CarriersTables = {
  carrier_accounts: {
    tenant_id: string;
    carrier_account_id: string;
    carrier_account_name: string;
    carrier: string;
    property_encrypted: string;
    default_label: string;
    auto_ready_to_ship: boolean;
    auto_return_confirmed: boolean;
    status: string;
    version: number;
    creation_date: Timestamp;
    update_date: Timestamp;
  };
  sandbox_bookings: {
    request_id: string;
    tenant_id: string;
    carrier_account_id: string;
    shipment_id: string;
    tracking_no: string;
    scenario: string | null;
    booked_at: Timestamp;
    step_seconds: number;
    steps_reported: Generated<number>;
    status: 'booked' | 'cancelled' | 'finished';
    collection_from: Timestamp | null;
    collection_to: Timestamp | null;
  };
  sandbox_clocks: { tenant_id: string; offset_ms: Int8 };
  sandbox_documents: {
    tenant_id: string;
    tracking_no: string;
    document_identifier: string;
    content_sha256: string;
    uploaded_at: Timestamp;
  };
  labels: {
    tenant_id: string;
    shipment_id: string;
    kind: LabelKind;
    tracking_no: string;
    content_type: string;
    content: Buffer;
    created_at: Timestamp;
  };
  /** A booked label not rendered yet (lazy labels): what its first fetch needs to render it. */
  label_sources: {
    tenant_id: string;
    shipment_id: string;
    kind: LabelKind;
    tracking_no: string;
    request_id: string;
    carrier_account_id: string;
    created_at: Timestamp;
  };
  carrier_bookings: {
    request_id: string;
    tenant_id: string;
    shipment_id: string;
    carrier_account_id: string;
    carrier: CarrierCode;
    tracking_no: string;
    status: 'active' | 'cancelled';
    created_at: Timestamp;
  };
};
