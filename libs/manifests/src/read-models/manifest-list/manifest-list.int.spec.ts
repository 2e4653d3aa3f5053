import { randomUUID } from 'node:crypto';
import type { Database } from '@shipledger/database';
import type { RecordedEvent } from '@shipledger/event-store';
import { readModelSchema } from '@shipledger/projections';
import { openTestDatabase } from '../../../../testing/src/test-database';
import { applyAll, migrateProjector } from '../../../../testing/src/projection-spec';
import { bookedShipment, createCommand, STAMP } from '../../domain/manifest/manifest.fixtures';
import { decide } from '../../domain/manifest/manifest.decide';
import { foldManifest } from '../../domain/manifest/manifest.evolve';
import type { ManifestCommand } from '../../domain/manifest/manifest.commands';
import type { ManifestEvent } from '../../domain/manifest/manifest.events';
import { manifestStreamId, shipmentReservationStreamId } from '../../domain/manifest/manifest.streams';
import { manifestListProjector } from './manifest-list.projector';
import { listManifests, type ListManifestsQuery } from './manifest-list.queries';

/** Manifest events as the store records them (plus a reservation event the projector must skip). */
class ManifestEventLog {
  readonly tenantId = `t-${randomUUID()}`;
  readonly events: RecordedEvent[] = [];

  run(manifestId: string, command: ManifestCommand): void {
    const stream = manifestStreamId(manifestId);
    const mine = this.events.filter((e) => e.streamId === stream).map((e) => ({ type: e.type, data: e.data }) as ManifestEvent);
    let revision = mine.length;
    for (const event of decide(command, foldManifest(mine))) this.record(stream, event.type, event.data, revision++);
  }

  record(streamId: string, type: string, data: unknown, revision: number): void {
    this.events.push({
      id: randomUUID(), streamId, revision, position: BigInt(this.events.length + 1), type, data,
      metadata: { tenantId: this.tenantId, actor: 'test', correlationId: 'c', causationId: 'c', requestId: 'r', schemaVersion: 1, occurredAt: STAMP.at },
    } as unknown as RecordedEvent);
  }
}

describe.each(['pglite', 'postgres'] as const)('manifest-list projector on %s', (kind) => {
  let database: Database;
  const log = new ManifestEventLog();
  const ids = { a: `a-${randomUUID()}`, b: `b-${randomUUID()}`, c: `c-${randomUUID()}` };
  const at = (day: number) => ({ at: `2026-11-0${day}T10:00:00.000Z`, actor: 'test' });
  const list = async (extra: Partial<ListManifestsQuery> = {}, scope: readonly string[] | '*' = '*') =>
    (await listManifests(database.kysely, log.tenantId, { page: 0, page_size: 10, ...extra }, scope)).map((s) => s.manifest_id);

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await migrateProjector(database.kysely, manifestListProjector);
    log.run(ids.a, createCommand([bookedShipment('s1')], { manifest_id: ids.a, tenant_id: log.tenantId, ...at(1) }));
    log.record(shipmentReservationStreamId(log.tenantId, 's1'), 'ShipmentReservedForManifest', { shipment_id: 's1', manifest_id: ids.a, at: at(1).at }, 0);
    log.run(ids.b, createCommand([bookedShipment('s2', { merchant: 'M2' })], { manifest_id: ids.b, tenant_id: log.tenantId, merchant: 'M2', ...at(2) }));
    log.run(ids.c, createCommand([bookedShipment('s3', { carrier_account_id: 'acc-1' })], { manifest_id: ids.c, tenant_id: log.tenantId, ...at(3) }));
    log.run(ids.a, { type: 'RecordManifestSubmission', submission: 1, outcome: { ok: true, carrier_manifest_reference: 'SBX-MAN-A' }, ...at(4) });
    log.run(ids.c, { type: 'DeleteManifest', ...at(5) });
    await applyAll(database.kysely, manifestListProjector, log.events);
  });

  afterAll(async () => {
    await database?.close();
  });

  const snapshot = () => database.kysely.withSchema(readModelSchema(manifestListProjector.name)).selectFrom('manifests').selectAll().orderBy('manifest_id').execute();

  it('given the same events twice, or an overlapping replay, when applied, then the rows are the same', async () => {
    const first = await snapshot();
    expect(first).toHaveLength(3);
    await applyAll(database.kysely, manifestListProjector, log.events);
    expect(await snapshot()).toEqual(first);
    await applyAll(database.kysely, manifestListProjector, log.events.slice(2));
    expect(await snapshot()).toEqual(first);
  });

  it('lists newest first without deleted ones, filters by merchant, status and account, pages, and keeps to the scope', async () => {
    expect(await list()).toEqual([ids.b, ids.a]);
    expect(await list({ status: 'deleted' })).toEqual([ids.c]);
    expect(await list({ status: 'submitted' })).toEqual([ids.a]);
    expect(await list({ merchants: ['M2'] })).toEqual([ids.b]);
    expect(await list({ carrier_account: 'acc-1' })).toEqual([ids.b, ids.a]);
    expect(await list({ creation_date_from: '2026-11-02T00:00:00.000Z' })).toEqual([ids.b]);
    expect(await list({ page: 1, page_size: 1 })).toEqual([ids.a]);
    expect(await list({}, ['M1'])).toEqual([ids.a]);
    expect(await listManifests(database.kysely, 'other-tenant', { page: 0, page_size: 10 }, '*')).toEqual([]);
  });
});
