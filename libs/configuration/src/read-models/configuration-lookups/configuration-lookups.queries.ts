import type { Kysely } from 'kysely';
import type { ConfigurationLookupsTables } from '../../storage/configuration-database';
import { readModelSchema } from '@shipledger/projections';
import type { ConfigurationFields, ConfigurationKind, ConfigurationObject } from '../../domain';

export const CONFIGURATION_LOOKUPS_PROJECTOR = 'configuration-lookups';

const scoped = (db: Kysely<ConfigurationLookupsTables>): Kysely<ConfigurationLookupsTables> => db.withSchema(readModelSchema(CONFIGURATION_LOOKUPS_PROJECTOR));

interface Row {
  id: string;
  fields: ConfigurationFields | string;
  deleted: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

function toObject(row: Row): ConfigurationObject {
  return {
    id: row.id,
    fields: typeof row.fields === 'string' ? JSON.parse(row.fields) as ConfigurationFields : row.fields,
    deleted: row.deleted,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

const COLUMNS = ['id', 'fields', 'deleted', 'created_at', 'updated_at'] as const;

/** The tenant's live objects of a kind, oldest first (or newest first). */
export async function listConfigurationObjects(
  db: Kysely<ConfigurationLookupsTables>, tenantId: string, kind: ConfigurationKind, order: 'oldest-first' | 'newest-first',
): Promise<ConfigurationObject[]> {
  const direction = order === 'newest-first' ? 'desc' : 'asc';
  const rows = await scoped(db).selectFrom('objects').select([...COLUMNS])
    .where('tenant_id', '=', tenantId).where('kind', '=', kind).where('deleted', '=', false)
    .orderBy('created_at', direction).orderBy('id', direction)
    .execute();
  return rows.map((row) => toObject(row));
}

/** One object by id, deleted or not. */
export async function findConfigurationObject(db: Kysely<ConfigurationLookupsTables>, tenantId: string, kind: ConfigurationKind, id: string): Promise<ConfigurationObject | undefined> {
  const row = await scoped(db).selectFrom('objects').select([...COLUMNS])
    .where('tenant_id', '=', tenantId).where('kind', '=', kind).where('id', '=', id)
    .executeTakeFirst();
  return row ? toObject(row) : undefined;
}

/** The live objects of a kind carrying this code (several when their merchants differ). */
export async function findConfigurationObjectsByCode(db: Kysely<ConfigurationLookupsTables>, tenantId: string, kind: ConfigurationKind, code: string): Promise<ConfigurationObject[]> {
  const rows = await scoped(db).selectFrom('objects').select([...COLUMNS])
    .where('tenant_id', '=', tenantId).where('kind', '=', kind).where('code', '=', code).where('deleted', '=', false)
    .orderBy('created_at').orderBy('id')
    .execute();
  return rows.map((row) => toObject(row));
}
