import pino from 'pino';
import { startWorker } from '@shipledger/projections';
import { shipmentStreamId } from '@shipledger/shipping';
import { startCarriersHarness, type CarriersHarness, type HarnessDatabase } from './carriers-harness';

const SHIPMENTS = 24;

describe.each<HarnessDatabase>(['pglite', 'postgres'])('booking reactor, concurrent (%s)', (kind) => {
  let h: CarriersHarness;
  beforeAll(async () => { h = await startCarriersHarness(kind); });
  afterAll(async () => { await h.close(); });

  const startBooking = () => startWorker({
    database: h.database, eventStore: h.eventStore, logger: pino({ level: 'silent' }), projectors: [],
    reactors: h.context.reactors().filter((r) => r.name === 'carrier-booking'), batchSize: 500,
  });

  it('books several shipments at once (at most BOOKING_CONCURRENCY), and a worker closed mid-batch leaves each booked exactly once', async () => {
    // Given 24 confirmed shipments on a sandbox account that takes 40 ms per booking
    expect(h.context.config.bookingConcurrency).toBe(8);
    const account = await h.createAccount({ property: { BOOKING_LATENCY_MS: '40', TRACKING_STEP_SECONDS: '60' } });
    const shipments = [];
    for (let i = 0; i < SHIPMENTS; i++) shipments.push(await h.confirmedShipment(account));
    const sandbox = h.context.carriers.get('SANDBOX');
    const book = sandbox.book.bind(sandbox);
    let inHand = 0;
    let most = 0;
    let finished = 0;
    let onSixth!: () => void;
    const sixthFinished = new Promise<void>((resolve) => { onSixth = resolve; });
    const spy = jest.spyOn(sandbox, 'book').mockImplementation(async (request) => {
      most = Math.max(most, ++inHand);
      try {
        return await book(request);
      } finally {
        inHand--;
        if (++finished === 6) onSixth();
      }
    });
    try {
      // When one worker starts booking them and is closed after six carrier answers
      const first = await startBooking();
      await sixthFinished;
      await first.close();
      // And a second worker takes over from the checkpoint the first one left
      const second = await startBooking();
      try {
        await second.waitUntilCaughtUp({ timeoutMs: 60_000 });
      } finally {
        await second.close();
      }
    } finally {
      spy.mockRestore();
    }

    // Then the carrier had several bookings in hand at once, never more than 8
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(8);
    // And every shipment is booked exactly once, with the carrier's one booking
    for (const { shipmentId } of shipments) {
      const booked = (await h.stream(shipmentId)).filter((e) => e.type === 'ShipmentBooked');
      expect(booked).toHaveLength(1);
      const rows = await h.database.kysely.withSchema('carriers').selectFrom('sandbox_bookings').selectAll()
        .where('shipment_id', '=', shipmentId).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.tracking_no).toBe((booked[0]!.data as { tracking_no: string }).tracking_no);
    }
  });

  it.each(['carrier-document-sync', 'carrier-lifecycle'])('%s handles several shipments at once (at most CARRIER_REACTOR_CONCURRENCY), each event once', async (name) => {
    // Given 12 booked shipments, marked ready to ship by their account
    expect(h.context.config.carrierReactorConcurrency).toBe(4);
    const account = await h.createAccount({ autoReadyToShip: true });
    const shipments = [];
    for (let i = 0; i < 12; i++) shipments.push(await h.confirmedShipment(account));
    const booking = await startBooking();
    try {
      await booking.waitUntilCaughtUp({ timeoutMs: 60_000 });
    } finally {
      await booking.close();
    }
    const ours = new Set(shipments.map((s) => shipmentStreamId(s.shipmentId)));
    // When the reactor runs with each event taking 30 ms
    const reactor = h.context.reactors().find((r) => r.name === name)!;
    const handle = reactor.handle.bind(reactor);
    let inHand = 0;
    let most = 0;
    const handled: string[] = [];
    jest.spyOn(reactor, 'handle').mockImplementation(async (event) => {
      most = Math.max(most, ++inHand);
      try {
        await new Promise((resolve) => setTimeout(resolve, 30));
        await handle(event);
        if (ours.has(event.streamId)) handled.push(event.streamId);
      } finally {
        inHand--;
      }
    });
    const worker = await startWorker({
      database: h.database, eventStore: h.eventStore, logger: pino({ level: 'silent' }), projectors: [], reactors: [reactor], batchSize: 500,
    });
    try {
      await worker.waitUntilCaughtUp({ timeoutMs: 60_000 });
    } finally {
      await worker.close();
    }

    // Then it had several shipments in hand at once, never more than 4
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(4);
    // And each of our shipments' events it handles was handed over once (ShipmentBooked or ShipmentReadyToShip)
    expect(handled.sort()).toEqual([...ours].sort());
  });
});
