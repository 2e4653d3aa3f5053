import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@shipledger/event-store';
import { readModelSchema } from '@shipledger/projections';
import { DATABASE_KINDS } from '../../libs/testing/src/test-database';
import { projectionSpec, readModelTables } from '../../libs/testing/src/projection-spec';
import { metadata } from './support/parcel-events';
import { parcelProjector, readParcels } from './support/parcel-projector';

/** The kit's own spec: given events → then rows, and a non-idempotent read model is caught. */
describe.each(DATABASE_KINDS)('projectionSpec on %s', (kind) => {
  const projector = parcelProjector();
  const spec = projectionSpec(projector, kind);
  const parcelId = `p-${randomUUID()}`;
  const stream = `parcel-${parcelId}`;
  const recorded = (type: string, revision: number, data: Record<string, unknown>): RecordedEvent => ({
    ...{ id: randomUUID(), type, data, metadata: metadata() },
    streamId: stream, revision, position: String(revision + 1).padStart(20, '0'), recordedAt: '2026-11-01T10:00:00.000Z',
  });
  const events = [
    recorded('ParcelRegistered', 0, { parcelId, weight: 5 }),
    recorded('ParcelWeighed', 1, { parcelId, weight: 7 }),
    recorded('ParcelShipped', 2, { parcelId }),
  ];

  it('given events, then the rows: applied twice, they are the same rows', async () => {
    await spec.given(events).then(
      (database) => readParcels(database.kysely, projector.name),
      [{ id: parcelId, status: 'shipped', weight: 7, revision: 2 }],
    );
  });

  it('fails when the rows move on the second application (the applications log has no guard)', async () => {
    const applications = (database: typeof spec.database) => database.kysely.withSchema(readModelSchema(projector.name))
      .selectFrom('applications').select('event_id').where('event_id', 'in', events.map((e) => e.id)).execute()
      .then((rows) => rows.length);
    await expect(spec.given(events).then(applications)).rejects.toThrow();
    expect(Object.keys(await readModelTables(spec.database.kysely, projector))).toEqual(['applications', 'parcels']);
  });
});
