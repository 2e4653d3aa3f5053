import type { Kysely } from 'kysely';
import type { ConfigurationLookupsTables } from '../../storage/configuration-database';
import type { RecordedEvent } from '@shipledger/event-store';
import type { Projector } from '@shipledger/projections';
import { CONFIGURATION_EVENT_TYPES, KINDS, parseConfigurationEventType, type ConfigurationFields } from '../../domain';
import { configurationLookupsMigrations } from './configuration-lookups.migrations';
import { CONFIGURATION_LOOKUPS_PROJECTOR } from './configuration-lookups.queries';

interface Data {
  tenant_id: string;
  id: string;
  fields: ConfigurationFields;
  at: string;
}

/**
 * Configuration objects as lookup rows for lists and for the other contexts (a shipment's location,
 * delivery type, time slot and attribute checks). Idempotent: an event at or below the row's revision
 * was applied already and changes nothing.
 */
export const configurationLookupsProjector: Projector = {
  name: CONFIGURATION_LOOKUPS_PROJECTOR,
  version: 1,
  handles: CONFIGURATION_EVENT_TYPES,
  migrations: configurationLookupsMigrations,
  async apply(db: Kysely<ConfigurationLookupsTables>, event: RecordedEvent): Promise<void> {
    const parsed = parseConfigurationEventType(event.type);
    if (!parsed) return;
    const data = event.data as Data;
    const codeField = KINDS[parsed.kind].codeField;
    const code = codeField ? (data.fields[codeField] as string | undefined) ?? null : null;
    const row = {
      tenant_id: data.tenant_id,
      kind: parsed.kind,
      id: data.id,
      revision: event.revision,
      code,
      fields: JSON.stringify(data.fields),
      deleted: parsed.change === 'Deleted',
      created_at: data.at,
      updated_at: data.at,
    };
    const { created_at: _createdAt, ...changes } = row;
    await db.insertInto('objects').values(row)
      .onConflict((conflict) => conflict.columns(['tenant_id', 'kind', 'id'])
        .doUpdateSet(parsed.change === 'Created' ? row : changes)
        .where('objects.revision', '<', event.revision))
      .execute();
  },
};
