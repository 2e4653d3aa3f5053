import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { CarriersContext } from '@shipledger/carriers';
import { startWorker, type Worker } from '@shipledger/projections';
import { startCarriersHarness, type CarriersHarness, type HarnessDatabase } from './carriers-harness';

const SLOW_SHIPMENTS = 10;

/**
 * One tenant's share of the booking slots: a worker with 8 slots and a share of 2 per tenant. Tenant A
 * confirms ten shipments on a carrier that takes 400 ms, then tenant B one on a carrier that answers at once.
 */
describe.each<HarnessDatabase>(['pglite', 'postgres'])('booking: one tenant\'s share of the slots (%s)', (kind) => {
  let h: CarriersHarness;
  beforeAll(async () => { h = await startCarriersHarness(kind); });
  afterAll(async () => { await h.close(); });

  /** A worker running only the booking reactor (and the backlog's drainer beside it), with its own context. */
  const startBooking = (context: CarriersContext): Promise<Worker> => startWorker({
    database: h.database, eventStore: h.eventStore, logger: pino({ level: 'silent' }), projectors: [],
    reactors: context.reactors().filter((r) => r.name === 'carrier-booking'), batchSize: 500,
  });
  const contextWithShare = () => new CarriersContext({
    database: h.database, eventStore: h.eventStore,
    config: { ...h.context.config, bookingConcurrency: 8, bookingTenantInHand: 2 },
  });
  const lastType = async (shipmentId: string) => (await h.stream(shipmentId)).at(-1)!.type;
  const until = async (what: string, done: () => Promise<boolean>, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error(`not reached in ${timeoutMs} ms: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  it('another tenant\'s booking, after ten of a tenant whose carrier is slow, is booked at once; the ten are booked two at a time from the backlog, each exactly once, also across a worker that stops', async () => {
    // Given tenant A's ten confirmed shipments on a sandbox account that takes 400 ms per booking, and after
    // them tenant B's one on an account that answers at once
    const tenantB = `tenant-${randomUUID()}`;
    const slow = await h.createAccount({ property: { BOOKING_LATENCY_MS: '400', TRACKING_STEP_SECONDS: '600' } });
    const quick = await h.createAccount({ property: { BOOKING_LATENCY_MS: '0', TRACKING_STEP_SECONDS: '600' } }, tenantB);
    const aShipments: string[] = [];
    for (let index = 0; index < SLOW_SHIPMENTS; index += 1) aShipments.push((await h.confirmedShipment(slow)).shipmentId);
    const b = (await h.confirmedShipment(quick, undefined, tenantB)).shipmentId;
    // And the carrier watched (every sandbox instance, the second worker's too): A's bookings in hand at once,
    // and how many of A's had finished when B's was made
    const first = contextWithShare();
    const sandbox = first.carriers.get('SANDBOX');
    const original = Object.getPrototypeOf(sandbox).book as typeof sandbox.book;
    let aInHand = 0;
    let aMost = 0;
    let aFinished = 0;
    let aFinishedWhenB: number | undefined;
    const spy = jest.spyOn(Object.getPrototypeOf(sandbox), 'book').mockImplementation(async function (this: typeof sandbox, request: any) {
      const isA = request.shipment.tenantId === h.tenantId;
      if (!isA) aFinishedWhenB ??= aFinished;
      if (isA) aMost = Math.max(aMost, ++aInHand);
      try {
        return await original.call(this, request);
      } finally {
        if (isA) { aInHand -= 1; aFinished += 1; }
      }
    });

    let second: Worker | undefined;
    try {
      // When a worker books them
      const worker = await startBooking(first);
      // Then B's is booked before any of A's has finished (without the share, A's took all 8 slots and B's
      // waited for the first of them, 400 ms)
      await until('B booked', async () => (await lastType(b)) === 'ShipmentBooked');
      expect(aFinishedWhenB).toBe(0);
      // And A's beyond its two wait in the backlog
      const backlog = first.bookingShare.backlog;
      expect(await backlog.size()).toBeGreaterThan(0);

      // When that worker stops after four of A's are booked, and a second one takes over
      await until('four of A booked', async () => aFinished >= 4);
      await worker.close();
      second = await startBooking(contextWithShare());
      // Then the second worker's waitUntilCaughtUp waits for the backlog too (the checkpoint had passed every
      // request before the first worker stopped): every one of A's is booked once it resolves, and the backlog
      // is empty
      await second.waitUntilCaughtUp({ timeoutMs: 30_000 });
      expect(await Promise.all(aShipments.map(lastType))).toEqual(aShipments.map(() => 'ShipmentBooked'));
      expect(await backlog.size()).toBe(0);
      // And each once: one ShipmentBooked and one carrier booking each
      for (const shipmentId of aShipments) {
        const stream = await h.stream(shipmentId);
        expect(stream.filter((event) => event.type === 'ShipmentBooked')).toHaveLength(1);
        const rows = await h.database.kysely.withSchema('carriers').selectFrom('sandbox_bookings').select('shipment_id')
          .where('shipment_id', '=', shipmentId).execute();
        expect(rows).toHaveLength(1);
      }
      // And never more than A's share of two was in the carrier's hands at once
      expect(aMost).toBe(2);
    } finally {
      spy.mockRestore();
      await second?.close();
    }
  }, 90_000);
});
