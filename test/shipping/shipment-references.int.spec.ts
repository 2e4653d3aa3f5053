import { randomUUID } from 'node:crypto';
import { createEventStore, type EventStore } from '@shipledger/event-store';
import { createPgliteDatabase, type PgliteTestDatabase } from '@shipledger/testing';
import { DuplicateReferenceError, ORPHAN_AFTER_MS, ShipmentReferences } from '../../libs/shipping/src/application/shared/shipment-references';
import { shipmentStreamId } from '@shipledger/shipping';

const meta = { actor: 'client-1', requestId: 'r', correlationId: 'c' };

describe('partner reference reservations (PGlite event store)', () => {
  let db: PgliteTestDatabase;
  let eventStore: EventStore;
  let references: ShipmentReferences;
  const tenant = () => `T${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    db = await createPgliteDatabase();
    eventStore = createEventStore({ database: db.database });
    await eventStore.init();
    references = new ShipmentReferences(eventStore);
  });
  afterAll(async () => {
    await eventStore?.close();
    await db?.drop();
  });

  it('one holder per tenant and reference; re-reserving by the holder is a no-op; other tenants are independent', async () => {
    const [t1, t2, ref, a, b] = [tenant(), tenant(), `R-${randomUUID()}`, randomUUID(), randomUUID()];
    const now = new Date().toISOString();
    await references.reserve(t1, ref, a, meta, now);
    await references.reserve(t1, ref, a, meta, now);
    await expect(references.reserve(t1, ref, b, meta, now)).rejects.toBeInstanceOf(DuplicateReferenceError);
    await references.reserve(t2, ref, b, meta, now);
    expect(await references.resolve(t1, ref)).toBe(a);
    expect(await references.resolve(t2, ref)).toBe(b);
  });

  it('a released reference can be reserved again; only its holder can release it', async () => {
    const [t, ref, a, b] = [tenant(), `R-${randomUUID()}`, randomUUID(), randomUUID()];
    const now = new Date().toISOString();
    await references.reserve(t, ref, a, meta, now);
    await references.release(t, ref, b, meta, now);
    expect(await references.resolve(t, ref)).toBe(a);
    await references.release(t, ref, a, meta, now);
    expect(await references.resolve(t, ref)).toBeUndefined();
    await references.reserve(t, ref, b, meta, now);
    expect(await references.resolve(t, ref)).toBe(b);
  });

  it('concurrent reservations: exactly one wins', async () => {
    const [t, ref] = [tenant(), `R-${randomUUID()}`];
    const now = new Date().toISOString();
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => references.reserve(t, ref, randomUUID(), meta, now)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((result) => result.status === 'rejected').map((result) => (result as PromiseRejectedResult).reason))
      .toEqual(Array(11).fill(expect.any(DuplicateReferenceError)));
  });

  it('an orphan (no shipment stream) is taken over only once it is older than a create can take', async () => {
    const [t, ref, crashed, next] = [tenant(), `R-${randomUUID()}`, randomUUID(), randomUUID()];
    await references.reserve(t, ref, crashed, meta, new Date().toISOString());
    await expect(references.reserve(t, ref, next, meta, new Date().toISOString())).rejects.toBeInstanceOf(DuplicateReferenceError);
    const later = new Date(Date.now() + ORPHAN_AFTER_MS + 1_000).toISOString();
    await references.reserve(t, ref, next, meta, later);
    expect(await references.resolve(t, ref)).toBe(next);
  });

  it('a reservation whose shipment exists is never an orphan', async () => {
    const [t, ref, holder] = [tenant(), `R-${randomUUID()}`, randomUUID()];
    await references.reserve(t, ref, holder, meta, new Date().toISOString());
    await eventStore.append(shipmentStreamId(holder), [{
      id: randomUUID(), type: 'ShipmentDraftCreated',
      data: { shipment_id: holder, tenant_id: t, content: {}, at: new Date().toISOString(), actor: 'c' },
      metadata: { tenantId: t, actor: 'c', correlationId: 'c', causationId: 'c', requestId: 'r', schemaVersion: 1, occurredAt: new Date().toISOString() },
    }], 'no_stream');
    const later = new Date(Date.now() + ORPHAN_AFTER_MS + 1_000).toISOString();
    await expect(references.reserve(t, ref, randomUUID(), meta, later)).rejects.toBeInstanceOf(DuplicateReferenceError);
  });
});
