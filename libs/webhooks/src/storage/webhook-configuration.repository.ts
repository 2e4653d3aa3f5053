import { sql, type Kysely } from 'kysely';
import type { Database } from '@shipledger/database';
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

/**
 * Webhook configurations in `webhooks.configurations`. The signing secrets are encrypted before they
 * reach SQL and decrypted only to sign (`signingSecrets`); nothing else reads them back.
 */
export class WebhookConfigurationRepository {
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
    const rows = await query.orderBy('creation_date').orderBy('config_id').execute() as ConfigurationRow[];
    return rows.map(toConfiguration);
  }

  /** The secrets that sign a delivery sent at `at`: the current one, and the previous one during its overlap. */
  async signingSecrets(tenantId: string, configId: string, at: Date): Promise<string[]> {
    const db = await this.db();
    const row = await db.selectFrom('configurations')
      .select(['secret_encrypted', 'previous_secret_encrypted', 'previous_secret_until'])
      .where('tenant_id', '=', tenantId).where('config_id', '=', configId)
      .executeTakeFirst() as Pick<ConfigurationRow, 'secret_encrypted' | 'previous_secret_encrypted' | 'previous_secret_until'> | undefined;
    if (!row) return [];
    const secrets = [this.cipher.decrypt(row.secret_encrypted, configId)];
    if (row.previous_secret_encrypted && row.previous_secret_until && new Date(row.previous_secret_until).getTime() > at.getTime()) {
      secrets.push(this.cipher.decrypt(row.previous_secret_encrypted, configId));
    }
    return secrets;
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
