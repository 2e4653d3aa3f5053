import type { ColumnType, Generated } from 'kysely';
import type { Json, Timestamp } from '@shipledger/database';
import type { WebhookConfigurationFields } from '../domain';

/** bigserial: generated on insert, read back as a string (pg's int8). */
type Serial = ColumnType<string, never, never>;

/**
 * The webhooks context's tables in schema `webhooks` (webhooks-schema.ts), for the handle
 * webhooksTables(database) hands out. Kept by hand beside the migrations: a column added there is
 * added here, and the compiler then checks every query that names it.
 */
export type WebhooksTables = {
  configurations: {
    tenant_id: string;
    config_id: string;
    fields: Json<WebhookConfigurationFields>;
    status: string;
    secret_encrypted: string;
    previous_secret_encrypted: string | null;
    previous_secret_until: Timestamp | null;
    version: number;
    deleted: Generated<boolean>;
    creation_date: Timestamp;
    update_date: Timestamp;
  };
  deliveries: {
    seq: Serial;
    delivery_id: string;
    tenant_id: string;
    config_id: string;
    event_id: string;
    replay_id: Generated<string>;
    source_event_id: string;
    source_position: string;
    trigger: string;
    aggregate_type: string;
    aggregate_id: string;
    aggregate_version: number;
    body: string;
    status: string;
    attempts: Generated<number>;
    next_attempt_at: Timestamp | null;
    claim_token: string | null;
    claimed_until: Timestamp | null;
    occurred_at: Timestamp;
    created_at: Timestamp;
    last_status_code: number | null;
    finished_at: Timestamp | null;
  };
  delivery_attempts: {
    attempt_id: string;
    seq: Serial;
    delivery_id: string;
    tenant_id: string;
    config_id: string;
    attempt_no: number;
    started_at: Timestamp;
    duration_ms: number;
    url: string;
    status_code: number | null;
    error: string | null;
    response_excerpt: string | null;
    outcome: string;
    next_retry_at: Timestamp | null;
  };
  inboxes: { tenant_id: string; inbox_id: string; created_at: Timestamp };
  inbox_deliveries: {
    id: Serial;
    tenant_id: string;
    received_at: Timestamp;
    config_id: string | null;
    signature_verified: boolean;
    verification_error: string | null;
    webhook_id: string | null;
    event_id: string | null;
    trigger: string | null;
    headers: Json<Record<string, string>>;
    body_json: string | null;
    body_bytes: number;
  };
  replay_jobs: {
    replay_id: string;
    tenant_id: string;
    config_id: string;
    range_from: Timestamp;
    range_to: Timestamp;
    status: string;
    after_position: string | null;
    scanned: Generated<number>;
    enqueued: Generated<number>;
    claimed_until: Timestamp | null;
    created_at: Timestamp;
    finished_at: Timestamp | null;
    error: string | null;
    /** When the job last gave up its turn (webhooks.replay_turns); null until it has run a slice. */
    turn: string | null;
    /** The claim of the runner that holds the job; null when none does. */
    claim_token: string | null;
  };
};

