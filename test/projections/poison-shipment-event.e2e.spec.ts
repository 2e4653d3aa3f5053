import { randomUUID } from 'node:crypto';
import { listParkedEvents, skipParkedEvent } from '@shipledger/projections';
import { shipmentListProjector } from '@shipledger/shipping';
import { startTestApp, type TestApp } from '@shipledger/testing';
import { shipmentRequest } from '../shipping/support/shipment-requests';

describe.each(['pglite', 'postgres'] as const)('a shipment event the read model cannot hold, on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ postgres: kind === 'postgres' });
  });
  afterAll(() => app?.close());

  it('is parked; later events of every tenant still reach the list within a second; health and metrics say so until it is skipped', async () => {
    // Given a shipment created the ordinary way, and a copy of its first event with a NUL in the city
    // appended straight into the store (what a jsonb column cannot hold)
    const a = await app.createTenant();
    const b = await app.createTenant();
    const created = await app.http.request('POST', '/shipments?draft=true', { headers: a.headers, body: shipmentRequest(a.merchants[0]!) });
    expect(created.status).toBe(200);
    await app.waitUntilCaughtUp();
    const shipmentId: string = created.body.shipment_id;
    const [first] = (await app.eventStore.readAll({})).filter((e) => e.streamId.includes(shipmentId) && shipmentListProjector.handles.includes(e.type));
    const poisonId = randomUUID();
    const data = JSON.parse(JSON.stringify(first!.data).replaceAll(shipmentId, poisonId).replace('"Dubai"', '"Du\\u0000bai"'));
    const poison = await app.eventStore.append(
      first!.streamId.replace(shipmentId, poisonId),
      [{ id: randomUUID(), type: first!.type, data, metadata: { ...first!.metadata, requestId: randomUUID() } }],
      'no_stream',
    );

    // When both tenants create shipments after it
    const later = await Promise.all(
      [a, b].map((t) => app.http.request('POST', '/shipments?draft=true', { headers: t.headers, body: shipmentRequest(t.merchants[0]!) })),
    );
    expect(later.map((r) => r.status)).toEqual([200, 200]);

    // Then the read model has them within a second, and the poison event is parked
    await app.waitUntilCaughtUp(1000);
    for (const [tenant, response] of [[a, later[0]!], [b, later[1]!]] as const) {
      const listed = await app.http.request('GET', '/shipments', { headers: tenant.headers });
      expect(listed.body.map((s: { shipment_id: string }) => s.shipment_id)).toContain(response.body.shipment_id);
    }
    const parked = await listParkedEvents(app.database.kysely, 'shipment-list');
    expect(parked).toEqual([
      expect.objectContaining({ kind: 'projector', follower: 'shipment-list', position: poison.position, eventType: first!.type }),
    ]);
    // Every read model that holds that text parked the same event, and nothing else
    const everywhere = await listParkedEvents(app.database.kysely);
    expect(new Set(everywhere.map((p) => p.eventId))).toEqual(new Set([parked[0]!.eventId]));
    expect(await app.http.request('GET', '/health')).toMatchObject({ status: 200, body: { status: 'degraded', parked_events: everywhere.length } });
    expect(await app.http.request('GET', '/health/ready')).toMatchObject({
      status: 200,
      body: { status: 'degraded', checks: { database: 'up', event_store: 'up', projections: 'degraded' }, parked_events: everywhere.length },
    });
    expect((await app.http.request('GET', '/metrics')).text).toContain('shipledger_parked_events{follower="projector:shipment-list"} 1');

    // When the operator skips it everywhere, health and metrics are back to normal
    for (const row of everywhere) expect(await skipParkedEvent(app.database, { kind: row.kind, name: row.follower }, row.eventId)).toBe(true);
    expect((await app.http.request('GET', '/health')).body).toEqual({ status: 'ok' });
    expect((await app.http.request('GET', '/metrics')).text).toContain('shipledger_parked_events{follower="projector:shipment-list"} 0');
  });
});
