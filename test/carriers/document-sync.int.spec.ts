import pino from 'pino';
import { startWorker } from '@shipledger/projections';
import { startCarriersHarness, type CarriersHarness } from './carriers-harness';

describe('document sync on a booking this process recorded', () => {
  let h: CarriersHarness;
  beforeAll(async () => { h = await startCarriersHarness('pglite'); });
  afterAll(async () => { await h.close(); });

  const run = async (name: string) => {
    const worker = await startWorker({
      database: h.database, eventStore: h.eventStore, logger: pino({ level: 'silent' }), projectors: [],
      reactors: h.context.reactors().filter((r) => r.name === name), batchSize: 500,
    });
    try {
      await worker.waitUntilCaughtUp({ timeoutMs: 30_000 });
    } finally {
      await worker.close();
    }
  };

  it('knows from the recorded state that a shipment booked without documents has nothing to sync, without reading its stream', async () => {
    // Given a shipment booked by this process's booking reactor
    const account = await h.createAccount();
    const { shipmentId } = await h.confirmedShipment(account);
    await run('carrier-booking');
    const booked = (await h.stream(shipmentId)).find((e) => e.type === 'ShipmentBooked')!;
    // Then the state its booking left is at hand, and it includes the booking
    const recorded = h.context.shipments.recordedSince(booked);
    expect(recorded?.status).toBe('booked');
    expect(recorded?.documents).toEqual([]);
    // But not for an event after it, nor for another tenant's event
    expect(h.context.shipments.recordedSince({ ...booked, revision: recorded!.version })).toBeUndefined();
    expect(h.context.shipments.recordedSince({ ...booked, metadata: { ...booked.metadata, tenantId: 'someone-else' } })).toBeUndefined();

    // When document sync handles the booking
    const reads = jest.spyOn(h.eventStore, 'readStream');
    const reactor = h.context.reactors().find((r) => r.name === 'carrier-document-sync')!;
    await reactor.handle(booked);
    // Then it did not read the shipment's stream, and recorded nothing
    expect(reads.mock.calls.filter(([stream]) => stream === booked.streamId)).toHaveLength(0);
    reads.mockRestore();
    expect((await h.stream(shipmentId)).at(-1)!.type).toBe(booked.type);
  });

  it('reads the stream when this process did not record the booking', async () => {
    // Given a booked shipment, and a document sync reactor of a context that recorded nothing (another process)
    const account = await h.createAccount();
    const { shipmentId } = await h.confirmedShipment(account);
    await run('carrier-booking');
    const booked = (await h.stream(shipmentId)).find((e) => e.type === 'ShipmentBooked')!;
    const { CarriersContext } = await import('@shipledger/carriers');
    const other = new CarriersContext({ database: h.database, eventStore: h.eventStore, config: h.context.config });
    expect(other.shipments.recordedSince(booked)).toBeUndefined();
    // When it handles the booking
    const reads = jest.spyOn(h.eventStore, 'readStream');
    await other.reactors().find((r) => r.name === 'carrier-document-sync')!.handle(booked);
    // Then it read the shipment's stream to find out
    expect(reads.mock.calls.filter(([stream]) => stream === booked.streamId).length).toBeGreaterThan(0);
    reads.mockRestore();
  });
});
