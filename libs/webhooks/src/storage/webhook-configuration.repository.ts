import { sql, type Kysely } from 'kysely';
import { preparedQuery, type Database } from '@shipledger/database';
import type { WebhookConfiguration, WebhookConfigurationFields } from '../domain';
import type { SigningSecretCipher } from '../application/shared/signing-secrets';
import { webhooksTables } from './webhooks-schema';
import type { WebhooksTables } from './webhooks-database';

interface ConfigurationRow {
  tenant_id: string;
  config_id: string;
  fields: WebhookConfigurationFields | string;
  status: string;
  secret_encrypted: string;
  previous_secret_encrypted: string | null;
  previous_secret_until: Date | string | null;
  version: number;
  deleted: boolean;
  creation_date: Date | string;
  update_date: Date | string;
}

export interface StoredConfiguration {
  configuration: WebhookConfiguration;
  version: number;
}

export class StaleConfigurationError extends Error {}

/** What the sender needs to send to one configuration: its settings and the secrets signing now. */
export interface SendingConfiguration {
  configuration: WebhookConfiguration;
  secrets: string[];
}

/** Decrypted secrets kept by ciphertext (a rotation changes the ciphertext, so nothing stale is used). */
const SECRET_CACHE_LIMIT = 1_000;

/** The key of `forSending`'s answer. */
export const sendingKey = (tenantId: string, configId: string): string => `${tenantId}\u0000${configId}`;

/**
 * Webhook configurations in `webhooks.configurations`. The signing secrets are encrypted before they
 * reach SQL and decrypted only to sign (`signingSecrets`); nothing else reads them back.
 */
export class WebhookConfigurationRepository {
  private readonly decrypted = new Map<string, string>();

  constructor(private readonly database: Database, private readonly cipher: SigningSecretCipher) {}

  private db(): Promise<Kysely<WebhooksTables>> {
    return webhooksTables(this.database);
  }

  async insert(configuration: WebhookConfiguration, secret: string): Promise<void> {
    await this.insertIfAbsent(configuration, secret, { orFail: true });
  }

  /**
   * A configuration with a fixed id (the demo tenant's), once: false when the id is taken, even by a
   * deleted configuration (what a tenant deleted stays deleted).
   */
  async insertIfAbsent(configuration: WebhookConfiguration, secret: string, options: { orFail?: boolean } = {}): Promise<boolean> {
    const db = await this.db();
    const { tenant_id, config_id, update_date } = configuration;
    const insert = db.insertInto('configurations').values({
      tenant_id, config_id, fields: JSON.stringify(fieldsOf(configuration)), status: configuration.status,
      secret_encrypted: this.cipher.encrypt(secret, config_id), previous_secret_encrypted: null, previous_secret_until: null,
      version: 1, deleted: false, creation_date: update_date, update_date,
    });
    const inserted = await (options.orFail ? insert : insert.onConflict((conflict) => conflict.columns(['tenant_id', 'config_id']).doNothing()))
      .returning('config_id').executeTakeFirst();
    return inserted !== undefined;
  }

  /** Lands only on the version it was computed from, so two concurrent PUTs cannot overwrite each other silently. */
  async update(configuration: WebhookConfiguration, expectedVersion: number): Promise<void> {
    const db = await this.db();
    const result = await db.updateTable('configurations')
      .set({ fields: JSON.stringify(fieldsOf(configuration)), status: configuration.status, update_date: configuration.update_date, version: expectedVersion + 1 })
      .where('tenant_id', '=', configuration.tenant_id).where('config_id', '=', configuration.config_id)
      .where('version', '=', expectedVersion).where('deleted', '=', false)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new StaleConfigurationError('The webhook configuration changed meanwhile; try again');
  }

  async markDeleted(tenantId: string, configId: string, at: string): Promise<void> {
    const db = await this.db();
    await db.updateTable('configurations').set({ deleted: true, update_date: at, version: sql`version + 1` })
      .where('tenant_id', '=', tenantId).where('config_id', '=', configId).execute();
  }

  /** A new secret; the one it replaces keeps signing until `previousUntil`. */
  async rotate(tenantId: string, configId: string, secret: string, previousUntil: Date, at: string): Promise<boolean> {
    const db = await this.db();
    const result = await db.updateTable('configurations')
      .set({
        previous_secret_encrypted: sql`secret_encrypted`, previous_secret_until: previousUntil,
        secret_encrypted: this.cipher.encrypt(secret, configId), update_date: at, version: sql`version + 1`,
      })
      .where('tenant_id', '=', tenantId).where('config_id', '=', configId).where('deleted', '=', false)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async get(tenantId: string, configId: string): Promise<StoredConfiguration | undefined> {
    const db = await this.db();
    const row = await db.selectFrom('configurations').selectAll()
      .where('tenant_id', '=', tenantId).where('config_id', '=', configId).where('deleted', '=', false)
      .executeTakeFirst() as ConfigurationRow | undefined;
    return row ? { configuration: toConfiguration(row), version: row.version } : undefined;
  }

  /** The tenant's configurations, oldest first. */
  async list(tenantId: string, options: { activeOnly?: boolean } = {}): Promise<WebhookConfiguration[]> {
    const db = await this.db();
    let query = db.selectFrom('configurations').selectAll().where('tenant_id', '=', tenantId).where('deleted', '=', false);
    if (options.activeOnly) query = query.where('status', '=', 'ACTIVE');
    // Prepared: the webhook reactor asks for every event it handles (two texts: all, active only).
    const { rows } = await db.executeQuery(preparedQuery(query.orderBy('creation_date').orderBy('config_id')));
    return (rows as ConfigurationRow[]).map(toConfiguration);
  }

  /**
   * The configurations a claimed batch goes to, read in one query (not deleted; any status — the caller
   * cancels deliveries to an INACTIVE one), each with the secrets signing at `at`. Missing ids are absent.
   */
  async forSending(configIds: readonly string[], at: Date): Promise<Map<string, SendingConfiguration>> {
    const found = new Map<string, SendingConfiguration>();
    if (configIds.length === 0) return found;
    const db = await this.db();
    const rows = await db.selectFrom('configurations').selectAll()
      .where('config_id', 'in', [...new Set(configIds)]).where('deleted', '=', false)
      .execute() as ConfigurationRow[];
    for (const row of rows) found.set(sendingKey(row.tenant_id, row.config_id), { configuration: toConfiguration(row), secrets: this.secretsOf(row, at) });
    return found;
  }

  private secretsOf(row: Pick<ConfigurationRow, 'config_id' | 'secret_encrypted' | 'previous_secret_encrypted' | 'previous_secret_until'>, at: Date): string[] {
    const secrets = [this.decrypt(row.secret_encrypted, row.config_id)];
    if (row.previous_secret_encrypted && row.previous_secret_until && new Date(row.previous_secret_until).getTime() > at.getTime()) {
      secrets.push(this.decrypt(row.previous_secret_encrypted, row.config_id));
    }
    return secrets;
  }

  private decrypt(encrypted: string, configId: string): string {
    const key = `${configId}\u0000${encrypted}`;
    let secret = this.decrypted.get(key);
    if (secret === undefined) {
      secret = this.cipher.decrypt(encrypted, configId);
      if (this.decrypted.size >= SECRET_CACHE_LIMIT) this.decrypted.clear();
      this.decrypted.set(key, secret);
    }
    return secret;
  }

  /** The secrets that sign a delivery sent at `at`: the current one, and the previous one during its overlap. */
  async signingSecrets(tenantId: string, configId: string, at: Date): Promise<string[]> {
    const db = await this.db();
    const row = await db.selectFrom('configurations')
      .select(['secret_encrypted', 'previous_secret_encrypted', 'previous_secret_until'])
      .where('tenant_id', '=', tenantId).where('config_id', '=', configId)
      .executeTakeFirst() as Pick<ConfigurationRow, 'secret_encrypted' | 'previous_secret_encrypted' | 'previous_secret_until'> | undefined;
    return row ? this.secretsOf({ ...row, config_id: configId }, at) : [];
  }
}

function fieldsOf(configuration: WebhookConfiguration): WebhookConfigurationFields {
  const { config_id: _id, tenant_id: _tenant, update_date: _date, ...fields } = configuration;
  return fields;
}

function toConfiguration(row: ConfigurationRow): WebhookConfiguration {
  const fields = typeof row.fields === 'string' ? JSON.parse(row.fields) as WebhookConfigurationFields : row.fields;
  return { ...fields, config_id: row.config_id, tenant_id: row.tenant_id, update_date: new Date(row.update_date).toISOString() };
}
