import { sql, type Kysely } from 'kysely';
import type { PlatformTables } from '../tenancy/platform-database';
import type { Database } from '@shipledger/database';

export type IdempotencyBegin =
  | { kind: 'new' }
  | { kind: 'replay'; status: number; headers: Record<string, string>; body: string }
  | { kind: 'mismatch' }
  | { kind: 'in_progress' };

/** Keys live 24 h; rows are purged after 48 h. An in-progress claim older than 2 minutes is abandoned. */
const KEY_LIFETIME = '24 hours';
const STALE_CLAIM = '2 minutes';

/** Idempotency-Key records per tenant: claim, complete with the response, or release on a 5xx. */
export class IdempotencyStore {
  private lastPurge = 0;
  private readonly db: Kysely<PlatformTables>;
  constructor(database: Database) {
    this.db = database.kysely;
  }

  async begin(tenantId: string, key: string, method: string, path: string, requestHash: string): Promise<IdempotencyBegin> {
    const db = this.db;
    await this.purgeNow();
    // Invariant: one claim per (tenant, key). The primary key makes the insert the single point where
    // concurrent requests with the same key race; exactly one gets a row back and runs the handler.
    const claimed = await sql`
      insert into platform.idempotency_keys (tenant_id, idempotency_key, request_method, request_path, request_hash, state)
      values (${tenantId}, ${key}, ${method}, ${path}, ${requestHash}, 'in_progress')
      on conflict (tenant_id, idempotency_key) do nothing
      returning 1 as claimed`.execute(db);
    if (claimed.rows.length) return { kind: 'new' };

    // An expired record or a claim abandoned by a crashed process is taken over with a compare-and-set
    // on the row's state and age, so two late retries still cannot both win it.
    const takenOver = await sql`
      update platform.idempotency_keys
      set request_method = ${method}, request_path = ${path}, request_hash = ${requestHash}, state = 'in_progress',
          response_status = null, response_headers = null, response_body = null, created_at = now(), completed_at = null
      where tenant_id = ${tenantId} and idempotency_key = ${key}
        and ((state = 'completed' and created_at < now() - ${KEY_LIFETIME}::interval)
          or (state = 'in_progress' and created_at < now() - ${STALE_CLAIM}::interval and request_hash = ${requestHash}))
      returning 1 as claimed`.execute(db);
    if (takenOver.rows.length) return { kind: 'new' };

    const row = await db.selectFrom('platform.idempotency_keys').selectAll()
      .where('tenant_id', '=', tenantId).where('idempotency_key', '=', key).executeTakeFirst();
    if (!row) return this.begin(tenantId, key, method, path, requestHash);
    if (row.request_hash !== requestHash || row.request_method !== method || row.request_path !== path) return { kind: 'mismatch' };
    if (row.state !== 'completed') return { kind: 'in_progress' };
    const headers = typeof row.response_headers === 'string' ? JSON.parse(row.response_headers) : row.response_headers;
    // complete() writes the state and the response together: a completed row always holds both.
    return { kind: 'replay', status: row.response_status!, headers: headers ?? {}, body: row.response_body! };
  }

  async complete(tenantId: string, key: string, status: number, headers: Record<string, string>, body: string): Promise<void> {
    await this.db.updateTable('platform.idempotency_keys')
      .set({ state: 'completed', response_status: status, response_headers: JSON.stringify(headers), response_body: body, completed_at: new Date().toISOString() })
      .where('tenant_id', '=', tenantId).where('idempotency_key', '=', key).where('state', '=', 'in_progress')
      .execute();
  }

  /** A failed (5xx) attempt leaves nothing behind: the client may retry with the same key. */
  async release(tenantId: string, key: string): Promise<void> {
    await this.db.deleteFrom('platform.idempotency_keys')
      .where('tenant_id', '=', tenantId).where('idempotency_key', '=', key).where('state', '=', 'in_progress')
      .execute();
  }

  private async purgeNow(): Promise<void> {
    if (Date.now() - this.lastPurge < 3_600_000) return;
    this.lastPurge = Date.now();
    await sql`delete from platform.idempotency_keys where created_at < now() - interval '48 hours'`.execute(this.db);
  }
}
