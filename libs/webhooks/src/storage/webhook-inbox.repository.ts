import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '@shipledger/database';
import { webhooksTables } from './webhooks-schema';
import type { WebhooksTables } from './webhooks-database';

/** One POST that reached a tenant's inbox, as stored. */
export interface InboxDelivery {
  delivery_id: string;
  received_at: string;
  config_id: string | null;
  signature_verified: boolean;
  verification_error: string | null;
  webhook_id: string | null;
  event_id: string | null;
  trigger: string | null;
  headers: Record<string, string>;
  body: unknown;
  body_bytes: number;
}

export type NewInboxDelivery = Omit<InboxDelivery, 'delivery_id'>;

export interface InboxPageQuery {
  offset: number;
  limit: number;
  eventId?: string;
  trigger?: string;
}

/** `[A-Za-z0-9_-]`, unguessable (144 random bits): the inbox id is the only credential of the POST. */
export const INBOX_ID_PATTERN = '[A-Za-z0-9_-]{1,64}';

function newInboxId(): string {
  return `inb_${randomBytes(18).toString('base64url')}`;
}

/** Inboxes (`webhooks.inboxes`) and what reached them (`webhooks.inbox_deliveries`). */
export class WebhookInboxRepository {
  constructor(private readonly database: Database) {}

  private db(): Promise<Kysely<WebhooksTables>> {
    return webhooksTables(this.database);
  }

  /** The tenant's inbox id, made on first use. Two first uses at once agree on one id (the primary key decides). */
  async inboxIdOf(tenantId: string, at: Date): Promise<string> {
    const db = await this.db();
    await db.insertInto('inboxes').values({ tenant_id: tenantId, inbox_id: newInboxId(), created_at: at })
      .onConflict((conflict) => conflict.column('tenant_id').doNothing()).execute();
    const row = await db.selectFrom('inboxes').select('inbox_id').where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
    return row.inbox_id as string;
  }

  async tenantOf(inboxId: string): Promise<string | undefined> {
    const db = await this.db();
    const row = await db.selectFrom('inboxes').select('tenant_id').where('inbox_id', '=', inboxId).executeTakeFirst();
    return row?.tenant_id as string | undefined;
  }

  /**
   * Records one delivery, then drops the tenant's oldest beyond `keep`. Ids grow with each insert, so
   * "the newest `keep`" is "ids above the keep-th newest"; concurrent inserts may leave a few more
   * for a moment, never fewer than `keep`.
   */
  async record(tenantId: string, delivery: NewInboxDelivery, keep: number): Promise<string> {
    const db = await this.db();
    const { body, ...rest } = delivery;
    const inserted = await db.insertInto('inbox_deliveries').values({
      tenant_id: tenantId, ...rest, headers: JSON.stringify(delivery.headers),
      // JSON text, not jsonb: a body that is a bare JSON string must come back as that string.
      body_json: body === undefined ? null : JSON.stringify(body),
    }).returning('id').executeTakeFirstOrThrow();
    await sql`DELETE FROM webhooks.inbox_deliveries WHERE tenant_id = ${tenantId} AND id <= (
      SELECT id FROM webhooks.inbox_deliveries WHERE tenant_id = ${tenantId} ORDER BY id DESC OFFSET ${keep} LIMIT 1
    )`.execute(this.database.kysely);
    return String(inserted.id);
  }

  /** Newest first. */
  async page(tenantId: string, query: InboxPageQuery): Promise<{ total: number; deliveries: InboxDelivery[] }> {
    const db = await this.db();
    let base = db.selectFrom('inbox_deliveries').where('tenant_id', '=', tenantId);
    if (query.eventId !== undefined) base = base.where('event_id', '=', query.eventId);
    if (query.trigger !== undefined) base = base.where('trigger', '=', query.trigger);
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      base.selectAll().orderBy('id', 'desc').offset(query.offset).limit(query.limit).execute(),
    ]);
    return { total: Number(count.n), deliveries: rows.map(toDelivery) };
  }
}

function toDelivery(row: Selectable<WebhooksTables['inbox_deliveries']>): InboxDelivery {
  const headers = typeof row.headers === 'string' ? JSON.parse(row.headers) as unknown : row.headers;
  return {
    delivery_id: String(row.id),
    received_at: new Date(row.received_at as string).toISOString(),
    config_id: row.config_id ?? null,
    signature_verified: Boolean(row.signature_verified),
    verification_error: row.verification_error ?? null,
    webhook_id: row.webhook_id ?? null,
    event_id: row.event_id ?? null,
    trigger: row.trigger ?? null,
    headers: headers as Record<string, string>,
    body: typeof row.body_json === 'string' ? JSON.parse(row.body_json) as unknown : null,
    body_bytes: Number(row.body_bytes),
  };
}
