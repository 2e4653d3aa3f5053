import type { Json, Timestamp } from '@shipledger/database';
import type { ConfigurationFields, ConfigurationKind } from '../domain';

/**
 * The Configuration context's tables: the configuration-lookups read model (`rm_configuration_lookups`,
 * configuration-lookups.migrations.ts). Kept by hand beside the migrations: a column added there is
 * added here, and the compiler then checks every query that names it.
 */
export type ConfigurationLookupsTables = {
  objects: {
    tenant_id: string;
    kind: ConfigurationKind;
    id: string;
    revision: number;
    code: string | null;
    fields: Json<ConfigurationFields>;
    deleted: boolean;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
};
