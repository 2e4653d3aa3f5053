import type { ColumnType, Generated } from 'kysely';

/**
 * The runners' bookkeeping in the `projections` schema (projections-schema.ts), for
 * `Kysely<ProjectionsTables>` on a handle scoped with `withSchema(PROJECTIONS_SCHEMA)`. Kept by hand
 * next to the migrations: a column added there is added here.
 */
export type ProjectionsTables = {
  projection_checkpoints: { name: string; version: number; position: string | null; updated_at: Generated<Date> };
  reactor_checkpoints: { name: string; position: string | null; updated_at: Generated<Date> };
  parked_events: {
    kind: Generated<string>;
    follower: string;
    event_id: string;
    event_type: string;
    stream_id: string;
    revision: number;
    position: string;
    attempts: number;
    last_error: string;
    parked_at: Generated<Date>;
  };
  projection_rebuilds: {
    name: string;
    owner: string;
    position: Generated<string | null>;
    processed: ColumnType<string, number | undefined, number>;
    total: ColumnType<string | null, number | null | undefined, number | null>;
    started_at: Generated<Date>;
    heartbeat_at: Generated<Date>;
  };
  follower_leases: { name: string; owner: string; expires_at: Date };
};
