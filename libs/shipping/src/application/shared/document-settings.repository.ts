import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Database } from '@shipledger/database';
import type { Kysely, Selectable } from 'kysely';
import { shippingTables } from '../../storage/shipping-schema';
import type { ShippingTables } from '../../storage/shipping-database';

export interface DocumentSetting {
  document_id: string;
  document_name: string;
  description?: string;
  creation_date: string;
  update_date: string;
}

export class DuplicateDocumentSettingError extends Error {}

/** The tenant's document settings: which documents may be uploaded on shipments. */
@Injectable()
export class DocumentSettingsRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  private db(): Promise<Kysely<ShippingTables>> {
    return shippingTables(this.database);
  }

  async list(tenantId: string): Promise<DocumentSetting[]> {
    const rows = await (await this.db()).selectFrom('document_settings').selectAll()
      .where('tenant_id', '=', tenantId).orderBy('creation_date').orderBy('document_id').execute();
    return rows.map(fromRow);
  }

  async get(tenantId: string, documentId: string): Promise<DocumentSetting | undefined> {
    const row = await (await this.db()).selectFrom('document_settings').selectAll()
      .where('tenant_id', '=', tenantId).where('document_id', '=', documentId).executeTakeFirst();
    return row ? fromRow(row) : undefined;
  }

  /** The setting an upload names: by document_id when given, else by document_name (case-insensitive). */
  async match(tenantId: string, ref: { document_id?: string; document_name?: string }): Promise<DocumentSetting | undefined> {
    if (ref.document_id) return this.get(tenantId, ref.document_id);
    if (!ref.document_name) return undefined;
    const row = await (await this.db()).selectFrom('document_settings').selectAll()
      .where('tenant_id', '=', tenantId)
      .where((eb) => eb(eb.fn('lower', ['document_name']), '=', ref.document_name!.toLowerCase()))
      .executeTakeFirst();
    return row ? fromRow(row) : undefined;
  }

  async insert(tenantId: string, setting: DocumentSetting): Promise<void> {
    try {
      await (await this.db()).insertInto('document_settings').values({ tenant_id: tenantId, ...setting }).execute();
    } catch (error) {
      throw translateUnique(error);
    }
  }

  async update(tenantId: string, setting: DocumentSetting): Promise<boolean> {
    try {
      const result = await (await this.db()).updateTable('document_settings')
        .set({ document_name: setting.document_name, description: setting.description ?? null, update_date: setting.update_date })
        .where('tenant_id', '=', tenantId).where('document_id', '=', setting.document_id).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    } catch (error) {
      throw translateUnique(error);
    }
  }

  async delete(tenantId: string, documentId: string): Promise<boolean> {
    const result = await (await this.db()).deleteFrom('document_settings')
      .where('tenant_id', '=', tenantId).where('document_id', '=', documentId).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
}

function fromRow(row: Selectable<ShippingTables['document_settings']>): DocumentSetting {
  return {
    document_id: row.document_id,
    document_name: row.document_name,
    ...(row.description ? { description: row.description } : {}),
    creation_date: new Date(row.creation_date).toISOString(),
    update_date: new Date(row.update_date).toISOString(),
  };
}

function translateUnique(error: unknown): unknown {
  return (error as { code?: string }).code === '23505' ? new DuplicateDocumentSettingError('duplicate document setting') : error;
}
