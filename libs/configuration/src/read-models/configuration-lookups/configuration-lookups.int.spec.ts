import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@shipledger/event-store';
import { readModelSchema } from '@shipledger/projections';
import { DATABASE_KINDS } from '../../../../testing/src/test-database';
import { applyAll, projectionSpec } from '../../../../testing/src/projection-spec';
import { configurationLookupsProjector } from './configuration-lookups.projector';
import { findConfigurationObject, findConfigurationObjectsByCode, listConfigurationObjects } from './configuration-lookups.queries';

describe.each(DATABASE_KINDS)('configuration-lookups projector on %s', (kind) => {
  const spec = projectionSpec(configurationLookupsProjector, kind);
  const tenantId = `T-${randomUUID()}`;
  const stream = `configuration-location-${tenantId}`;
  let revision = 0;
  const event = (type: string, id: string, fields: Record<string, unknown>, at: string): RecordedEvent => ({
    id: randomUUID(), type, streamId: stream, revision: revision++, position: String(revision).padStart(20, '0'), recordedAt: at,
    data: { tenant_id: tenantId, id, fields, at, actor: 'c' },
    metadata: { tenantId, actor: 'c', correlationId: 'x', causationId: 'x', requestId: 'x', schemaVersion: 1, occurredAt: at },
  });
  const events = [
    event('LocationCreated', 'L1', { location_code: 'WH', location_name: 'One' }, '2026-11-01T10:00:00.000Z'),
    event('LocationCreated', 'L2', { location_code: 'ST', location_name: 'Two', merchants: ['A'] }, '2026-11-02T10:00:00.000Z'),
    event('LocationUpdated', 'L1', { location_code: 'WH2', location_name: 'One renamed' }, '2026-11-03T10:00:00.000Z'),
    event('LocationDeleted', 'L2', { location_code: 'ST', location_name: 'Two', merchants: ['A'] }, '2026-11-04T10:00:00.000Z'),
  ];
  const snapshot = () => spec.database.kysely.withSchema(readModelSchema(configurationLookupsProjector.name))
    .selectFrom('objects').selectAll().where('tenant_id', '=', tenantId).orderBy('id').execute();

  beforeAll(() => applyAll(spec.database.kysely, configurationLookupsProjector, events));

  it('given the events, the rows hold the last fields, the code, and deleted', async () => {
    expect(await findConfigurationObject(spec.database.kysely, tenantId, 'location', 'L1')).toEqual({
      id: 'L1', fields: { location_code: 'WH2', location_name: 'One renamed' }, deleted: false,
      created_at: '2026-11-01T10:00:00.000Z', updated_at: '2026-11-03T10:00:00.000Z',
    });
    expect((await findConfigurationObject(spec.database.kysely, tenantId, 'location', 'L2'))?.deleted).toBe(true);
    expect((await findConfigurationObjectsByCode(spec.database.kysely, tenantId, 'location', 'WH2')).map((o) => o.id)).toEqual(['L1']);
    expect(await findConfigurationObjectsByCode(spec.database.kysely, tenantId, 'location', 'ST')).toEqual([]);
    expect((await listConfigurationObjects(spec.database.kysely, tenantId, 'location', 'oldest-first')).map((o) => o.id)).toEqual(['L1']);
  });

  it('leaves the same rows when it runs twice over the same events, or replays an older one', async () => {
    const before = await snapshot();
    await applyAll(spec.database.kysely, configurationLookupsProjector, events);
    await applyAll(spec.database.kysely, configurationLookupsProjector, [events[0]!, events[1]!]);
    expect(await snapshot()).toEqual(before);
  });
});
