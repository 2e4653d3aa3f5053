import { monitorEventLoopDelay } from 'node:perf_hooks';
import pino from 'pino';
import { CarriersContext } from '@shipledger/carriers';
import { listParkedEvents, startWorker } from '@shipledger/projections';
import { LabelRenderTimeoutError, PdfLabelRenderer } from '../../libs/carriers/src/labels/pdf-label.pool';
import { WARM_UP_LABEL } from '../../libs/carriers/src/labels/pdf-label.renderer';
import { bookableContent, startCarriersHarness, type CarriersHarness, type HarnessDatabase } from './carriers-harness';

const LIMIT_MS = 2_000;
/** pdfkit lays a long unbroken line out in quadratic time: 40 000 characters take seconds, this takes hours. */
const pathologicalCity = 'x'.repeat(1_000_000);

describe('a label that takes too long to render', () => {
  it('runs off the event loop and is stopped at its time limit', async () => {
    // Given a renderer with a 2 s limit, warmed up
    const renderer = new PdfLabelRenderer(LIMIT_MS);
    await renderer.render(WARM_UP_LABEL);
    const delay = monitorEventLoopDelay({ resolution: 10 });

    // When it is asked for a label with a megabyte-long city
    delay.enable();
    const started = Date.now();
    const outcome = await renderer
      .render({ issuer: 'Shipledger', trackingNo: 'T1', shipment: { shipmentId: 's1', content: bookableContent({ dropoff: { ...bookableContent().dropoff, city: pathologicalCity } }) } })
      .catch((error: unknown) => error);
    delay.disable();

    // Then it fails with the time-out at the limit, the event loop never stalled, and the next label renders
    expect(outcome).toBeInstanceOf(LabelRenderTimeoutError);
    expect(Date.now() - started).toBeLessThan(LIMIT_MS + 1_500);
    expect(delay.max / 1e6).toBeLessThan(250);
    const normal = await renderer.render({ issuer: 'Shipledger', trackingNo: 'T2', shipment: { shipmentId: 's2', content: bookableContent() } });
    expect(normal.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe.each<HarnessDatabase>(['pglite', 'postgres'])('a booking whose label cannot be rendered (%s)', (kind) => {
  let h: CarriersHarness;
  beforeAll(async () => { h = await startCarriersHarness(kind); });
  afterAll(async () => { await h.close(); });

  it('is tried a bounded number of times, parked, and the shipment goes to error with error_details; others still book', async () => {
    // Given a booking reactor whose labels may take 2 s, and a confirmed shipment with a megabyte-long city
    const context = new CarriersContext({ database: h.database, eventStore: h.eventStore, config: { ...h.context.config, labelRenderTimeoutMs: LIMIT_MS, eagerLabels: true } });
    await context.labelRenderer.render(WARM_UP_LABEL);
    const booking = context.reactors().find((r) => r.name === 'carrier-booking')!;
    const account = await h.createAccount({ defaultLabel: 'service_pdf' });
    const poison = await h.confirmedShipment(account, bookableContent({ dropoff: { ...bookableContent().dropoff, city: pathologicalCity } }));
    const normal = await h.confirmedShipment(account);

    // When the worker runs it with two tries per event
    const worker = await startWorker({
      database: h.database, eventStore: h.eventStore, logger: pino({ level: 'silent' }), projectors: [], reactors: [booking],
      reactorMaxAttempts: 2, retryBaseMs: 10, retryMaxMs: 20,
    });
    try {
      await worker.waitUntilCaughtUp({ timeoutMs: 60_000 });
    } finally {
      await worker.close();
    }

    // Then the shipment is in error, saying why; the request is parked; the next shipment was booked
    const failed = await context.shipments.load(h.tenantId, poison.shipmentId);
    expect(failed?.status).toBe('error');
    expect(failed?.error_details).toEqual([
      expect.objectContaining({ level: 'ERROR', trigger: 'BOOKING', source: 'SYSTEM', code: 'label_generation_timeout' }),
    ]);
    expect(await listParkedEvents(h.database.kysely, 'carrier-booking')).toEqual([
      expect.objectContaining({ kind: 'reactor', eventId: poison.request.id, attempts: 2, lastError: expect.stringContaining('did not finish within 2000 ms') }),
    ]);
    expect((await context.shipments.load(h.tenantId, normal.shipmentId))?.status).toBe('booked');
  });
});
