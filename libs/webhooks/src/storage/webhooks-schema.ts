import { sql, type Migration } from 'kysely';
import { moduleTables } from '@shipledger/database';
import type { WebhooksTables } from './webhooks-database';

/** The webhooks module keeps its tables in this Postgres schema. */
export const WEBHOOKS_SCHEMA = 'webhooks';

const migrations: Record<string, Migration> = {
  '001_configurations': {
    async up(db) {
      await sql`CREATE TABLE webhooks.configurations (
        tenant_id text NOT NULL,
        config_id text NOT NULL,
        fields jsonb NOT NULL,
        status text NOT NULL,
        secret_encrypted text NOT NULL,
        previous_secret_encrypted text,
        previous_secret_until timestamptz,
        version integer NOT NULL,
        deleted boolean NOT NULL DEFAULT false,
        creation_date timestamptz NOT NULL,
        update_date timestamptz NOT NULL,
        PRIMARY KEY (tenant_id, config_id)
      )`.execute(db);
      await sql`CREATE INDEX configurations_active ON webhooks.configurations (tenant_id) WHERE status = 'ACTIVE' AND NOT deleted`.execute(db);
    },
  },
  // One row per (configuration, message): the outbox the sender drains. `seq` orders the deliveries of
  // one aggregate to one configuration (the reactor inserts in global event order).
  '002_deliveries': {
    async up(db) {
      await sql`CREATE TABLE webhooks.deliveries (
        seq bigserial PRIMARY KEY,
        delivery_id text NOT NULL UNIQUE,
        tenant_id text NOT NULL,
        config_id text NOT NULL,
        event_id text NOT NULL,
        replay_id text NOT NULL DEFAULT '',
        source_event_id text NOT NULL,
        source_position text NOT NULL,
        trigger text NOT NULL,
        aggregate_type text NOT NULL,
        aggregate_id text NOT NULL,
        aggregate_version integer NOT NULL,
        body text NOT NULL,
        status text NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz,
        claim_token text,
        claimed_until timestamptz,
        occurred_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL,
        last_status_code integer,
        finished_at timestamptz
      )`.execute(db);
      // Exactly-once enqueue: the reactor may see an event twice (at-least-once), the row exists once.
      await sql`CREATE UNIQUE INDEX deliveries_message ON webhooks.deliveries (config_id, event_id, replay_id)`.execute(db);
      await sql`CREATE INDEX deliveries_due ON webhooks.deliveries (next_attempt_at) WHERE status = 'pending'`.execute(db);
      await sql`CREATE INDEX deliveries_queue ON webhooks.deliveries (config_id, aggregate_id, seq) WHERE status = 'pending'`.execute(db);
      await sql`CREATE INDEX deliveries_aggregate ON webhooks.deliveries (tenant_id, aggregate_id)`.execute(db);
      await sql`CREATE TABLE webhooks.delivery_attempts (
        attempt_id text PRIMARY KEY,
        seq bigserial NOT NULL,
        delivery_id text NOT NULL,
        tenant_id text NOT NULL,
        config_id text NOT NULL,
        attempt_no integer NOT NULL,
        started_at timestamptz NOT NULL,
        duration_ms integer NOT NULL,
        url text NOT NULL,
        status_code integer,
        error text,
        response_excerpt text,
        outcome text NOT NULL,
        next_retry_at timestamptz
      )`.execute(db);
      await sql`CREATE INDEX delivery_attempts_config ON webhooks.delivery_attempts (tenant_id, config_id, started_at)`.execute(db);
      await sql`CREATE INDEX delivery_attempts_delivery ON webhooks.delivery_attempts (delivery_id)`.execute(db);
    },
  },
  // The sandbox webhook inbox: one secret inbox id per tenant (the unauthenticated POST names it) and
  // what arrived, newest kept (WEBHOOK_INBOX_KEEP per tenant).
  '003_sandbox_inbox': {
    async up(db) {
      await sql`CREATE TABLE webhooks.inboxes (
        tenant_id text PRIMARY KEY,
        inbox_id text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL
      )`.execute(db);
      await sql`CREATE TABLE webhooks.inbox_deliveries (
        id bigserial PRIMARY KEY,
        tenant_id text NOT NULL,
        received_at timestamptz NOT NULL,
        config_id text,
        signature_verified boolean NOT NULL,
        verification_error text,
        webhook_id text,
        event_id text,
        trigger text,
        headers jsonb NOT NULL,
        body_json text,
        body_bytes integer NOT NULL
      )`.execute(db);
      await sql`CREATE INDEX inbox_deliveries_by_tenant ON webhooks.inbox_deliveries (tenant_id, id DESC)`.execute(db);
    },
  },
  // A replay of a time range runs in the worker, not on the request path: one row per request.
  '004_replay_jobs': {
    async up(db) {
      await sql`CREATE TABLE webhooks.replay_jobs (
        replay_id text PRIMARY KEY,
        tenant_id text NOT NULL,
        config_id text NOT NULL,
        range_from timestamptz NOT NULL,
        range_to timestamptz NOT NULL,
        status text NOT NULL,
        after_position text,
        scanned integer NOT NULL DEFAULT 0,
        enqueued integer NOT NULL DEFAULT 0,
        claimed_until timestamptz,
        created_at timestamptz NOT NULL,
        finished_at timestamptz,
        error text
      )`.execute(db);
      await sql`CREATE INDEX replay_jobs_open ON webhooks.replay_jobs (created_at) WHERE status IN ('queued', 'running')`.execute(db);
    },
  },
  // The claim orders by (next_attempt_at, seq): with the index in that order Postgres walks it and stops
  // after `limit` claimable rows, probing deliveries_queue per row for an earlier pending one of the same
  // (configuration, aggregate). On next_attempt_at alone it anti-joined and sorted every pending row:
  // 26 ms per claim with 5,000 pending, 0.9 ms now (EXPLAIN ANALYZE, docs/benchmarks.md).
  '005_deliveries_due_order': {
    async up(db) {
      await sql`CREATE INDEX deliveries_due_order ON webhooks.deliveries (next_attempt_at, seq) WHERE status = 'pending'`.execute(db);
      await sql`DROP INDEX webhooks.deliveries_due`.execute(db);
    },
  },
  // Finished deliveries are purged after the retention (WEBHOOK_DELIVERY_RETENTION_DAYS): the purge walks
  // them oldest first by finished_at; /metrics counts the failed ones without reading the delivered ones.
  '006_deliveries_retention': {
    async up(db) {
      await sql`CREATE INDEX deliveries_finished ON webhooks.deliveries (finished_at) WHERE status <> 'pending'`.execute(db);
      await sql`CREATE INDEX deliveries_failed ON webhooks.deliveries (finished_at) WHERE status = 'failed'`.execute(db);
    },
  },
  // Finished range replays are purged with the deliveries, after the same retention, oldest first; a new
  // range replay counts its tenant's open ones (replay_jobs_open serves the claim).
  '007_replay_jobs_retention': {
    async up(db) {
      await sql`CREATE INDEX replay_jobs_finished ON webhooks.replay_jobs (finished_at) WHERE status IN ('done', 'failed')`.execute(db);
      await sql`CREATE INDEX replay_jobs_open_by_tenant ON webhooks.replay_jobs (tenant_id) WHERE status IN ('queued', 'running')`.execute(db);
    },
  },
  // The claim takes at most WEBHOOK_TENANT_IN_FLIGHT deliveries of a tenant in flight: it finds the tenants
  // with pending deliveries by a loose index scan (one probe each), counts each one's claimed rows, and
  // walks its due rows in (next_attempt_at, seq) order. deliveries_due_order served the global order the
  // claim no longer uses.
  '008_deliveries_per_tenant': {
    async up(db) {
      await sql`CREATE INDEX deliveries_pending_by_tenant ON webhooks.deliveries (tenant_id, next_attempt_at, seq) WHERE status = 'pending'`.execute(db);
      await sql`CREATE INDEX deliveries_claimed_by_tenant ON webhooks.deliveries (tenant_id) WHERE status = 'pending' AND claim_token IS NOT NULL`.execute(db);
      await sql`DROP INDEX webhooks.deliveries_due_order`.execute(db);
    },
  },
  // Range replays run in slices and take turns: a job gives up its turn after a slice (`turn` from this
  // sequence), and the claim serves the tenant whose last turn is oldest, so one tenant's five long
  // replays do not hold another's for their whole length.
  '009_replay_turns': {
    async up(db) {
      await sql`CREATE SEQUENCE webhooks.replay_turns`.execute(db);
      await sql`ALTER TABLE webhooks.replay_jobs ADD COLUMN turn bigint`.execute(db);
    },
  },
  // A runner's writes to its job count only under the claim it holds (a fresh token per claim): one that
  // stalled past its lease cannot free, rewind or end a job another runner took over.
  '010_replay_claim_tokens': {
    async up(db) {
      await sql`ALTER TABLE webhooks.replay_jobs ADD COLUMN claim_token text`.execute(db);
    },
  },
};

/** The `webhooks` tables, migrated once per Database handle. */
export const webhooksTables = moduleTables<WebhooksTables>(WEBHOOKS_SCHEMA, migrations);
