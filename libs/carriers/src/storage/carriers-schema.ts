import { sql, type Migration } from 'kysely';
import { moduleTables } from '@shipledger/database';
import type { CarriersTables } from './carriers-database';

/** The carriers module keeps its own tables in this Postgres schema (accounts, sandbox state, labels). */
export const CARRIERS_SCHEMA = 'carriers';

const migrations: Record<string, Migration> = {
  '001_carrier_accounts': {
    async up(db) {
      await sql`CREATE TABLE carriers.carrier_accounts (
        tenant_id text NOT NULL,
        carrier_account_id text NOT NULL,
        carrier_account_name text NOT NULL,
        carrier text NOT NULL,
        property_encrypted text NOT NULL,
        default_label text NOT NULL,
        auto_ready_to_ship boolean NOT NULL,
        auto_return_confirmed boolean NOT NULL,
        status text NOT NULL,
        version integer NOT NULL,
        creation_date timestamptz NOT NULL,
        update_date timestamptz NOT NULL,
        PRIMARY KEY (tenant_id, carrier_account_id)
      )`.execute(db);
      // Names resolve `{carrier_account_name}` on shipments, so two live accounts may not share one.
      await sql`CREATE UNIQUE INDEX carrier_accounts_live_name ON carriers.carrier_accounts
        (tenant_id, lower(carrier_account_name)) WHERE status <> 'deleted'`.execute(db);
      await sql`CREATE UNIQUE INDEX carrier_accounts_id ON carriers.carrier_accounts (carrier_account_id)`.execute(db);
    },
  },
  '002_sandbox': {
    async up(db) {
      await sql`CREATE TABLE carriers.sandbox_bookings (
        request_id text PRIMARY KEY,
        tenant_id text NOT NULL,
        carrier_account_id text NOT NULL,
        shipment_id text NOT NULL,
        tracking_no text NOT NULL,
        scenario text,
        booked_at timestamptz NOT NULL,
        step_seconds integer NOT NULL,
        steps_reported integer NOT NULL DEFAULT 0,
        status text NOT NULL,
        collection_from timestamptz,
        collection_to timestamptz
      )`.execute(db);
      await sql`CREATE INDEX sandbox_bookings_active ON carriers.sandbox_bookings (status, tenant_id)`.execute(db);
      await sql`CREATE TABLE carriers.sandbox_clocks (
        tenant_id text PRIMARY KEY,
        offset_ms bigint NOT NULL
      )`.execute(db);
      await sql`CREATE TABLE carriers.sandbox_documents (
        tenant_id text NOT NULL,
        tracking_no text NOT NULL,
        document_identifier text NOT NULL,
        content_sha256 text NOT NULL,
        uploaded_at timestamptz NOT NULL,
        PRIMARY KEY (tenant_id, tracking_no, document_identifier)
      )`.execute(db);
    },
  },
  '003_labels_and_bookings': {
    async up(db) {
      await sql`CREATE TABLE carriers.labels (
        tenant_id text NOT NULL,
        shipment_id text NOT NULL,
        kind text NOT NULL,
        tracking_no text NOT NULL,
        content_type text NOT NULL,
        content bytea NOT NULL,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (tenant_id, shipment_id, kind)
      )`.execute(db);
      await sql`CREATE TABLE carriers.carrier_bookings (
        request_id text PRIMARY KEY,
        tenant_id text NOT NULL,
        shipment_id text NOT NULL,
        carrier_account_id text NOT NULL,
        carrier text NOT NULL,
        tracking_no text NOT NULL,
        status text NOT NULL,
        created_at timestamptz NOT NULL
      )`.execute(db);
      await sql`CREATE INDEX carrier_bookings_tracking ON carriers.carrier_bookings (tenant_id, tracking_no)`.execute(db);
      await sql`CREATE INDEX carrier_bookings_shipment ON carriers.carrier_bookings (tenant_id, shipment_id)`.execute(db);
    },
  },
  '004_label_sources': {
    async up(db) {
      await sql`CREATE TABLE carriers.label_sources (
        tenant_id text NOT NULL,
        shipment_id text NOT NULL,
        kind text NOT NULL,
        tracking_no text NOT NULL,
        request_id text NOT NULL,
        carrier_account_id text NOT NULL,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (tenant_id, shipment_id, kind)
      )`.execute(db);
      await sql`CREATE INDEX label_sources_shipment ON carriers.label_sources (shipment_id, kind)`.execute(db);
    },
  },
  // Booking requests of a tenant that had its share of the booking slots in hand (TenantBookingShare):
  // claimed per tenant, oldest first, each shipment's in order.
  '005_booking_backlog': {
    async up(db) {
      await sql`CREATE TABLE carriers.booking_backlog (
        seq bigserial PRIMARY KEY,
        event_id text NOT NULL UNIQUE,
        tenant_id text NOT NULL,
        shipment_id text NOT NULL,
        event jsonb NOT NULL,
        attempts int NOT NULL,
        next_attempt_at timestamptz NOT NULL,
        claim_token text,
        claimed_until timestamptz,
        created_at timestamptz NOT NULL
      )`.execute(db);
      await sql`CREATE INDEX booking_backlog_by_tenant ON carriers.booking_backlog (tenant_id, seq)`.execute(db);
      await sql`CREATE INDEX booking_backlog_by_shipment ON carriers.booking_backlog (tenant_id, shipment_id, seq)`.execute(db);
    },
  },
};

/** The `carriers` tables, migrated once per Database handle (safe when an API and a worker start together). */
export const carriersTables = moduleTables<CarriersTables>(CARRIERS_SCHEMA, migrations);
