import type { EventStore } from '@shipledger/event-store';
import { ConfigurationCommandRejected, DECIDERS, type ConfigurationFields, type ConfigurationKind } from '../../domain';
import { ConfigurationStore } from '../shared/configuration.store';

/** Fixed ids, so the first-minute example can name the warehouse: `"pickup": {"partner_location_id": "demo-warehouse"}`. */
export const DEMO_LOCATION_ID = 'demo-warehouse';

const DEMO_OBJECTS: ReadonlyArray<{ kind: ConfigurationKind; id: string; fields: ConfigurationFields }> = [
  {
    kind: 'location', id: DEMO_LOCATION_ID, fields: {
      location_name: 'Demo warehouse', location_code: 'WH-1', type: 'business',
      contact_name: 'Warehouse desk', contact_phone: '+971500000001', contact_email: 'warehouse@demo.example',
      address1: '1 Warehouse Road', city: 'Dubai', country: 'AE', coords: '25.2048,55.2708',
    },
  },
  { kind: 'delivery_type', id: 'demo-standard', fields: { code: 'STANDARD' } },
  { kind: 'delivery_type', id: 'demo-express', fields: { code: 'EXPRESS' } },
  { kind: 'time_slot', id: 'MORNING', fields: { from: '09:00', to: '13:00' } },
  { kind: 'time_slot', id: 'AFTERNOON', fields: { from: '14:00', to: '18:00' } },
];

/**
 * Gives the demo tenant of `npm start` a warehouse, the STANDARD and EXPRESS delivery types and two
 * time slots, through the same deciders as the API. Idempotent: an object already there (or a code
 * taken since) is left as it is.
 */
export async function provisionDemoConfiguration(deps: { eventStore: EventStore }, tenantId: string): Promise<void> {
  const store = new ConfigurationStore(deps.eventStore);
  const meta = { actor: 'system', requestId: 'demo-setup', correlationId: 'demo-setup' };
  for (const { kind, id, fields } of DEMO_OBJECTS) {
    try {
      await store.handle(DECIDERS[kind], {
        type: 'CreateConfigurationObject', tenant_id: tenantId, id, fields, at: new Date().toISOString(), actor: 'system',
      }, meta);
    } catch (error) {
      if (!(error instanceof ConfigurationCommandRejected)) throw error;
    }
  }
}
