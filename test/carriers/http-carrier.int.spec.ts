import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RecordedEvent } from '@shipledger/event-store';
import { CarriersContext, HttpCarrier } from '@shipledger/carriers';
import { OUTBOUND_DEFAULTS, OutboundClient } from '@shipledger/platform';
import { bookableContent, startCarriersHarness, type CarriersHarness } from './carriers-harness';

interface Received {
  headers: IncomingMessage['headers'];
  body: any;
}

/** A stand-in for a real carrier integration behind the HTTP bridge. */
function fakeCarrier(answer: (body: any) => { status: number; body: unknown; headers?: Record<string, string> }): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => { raw += chunk; });
    request.on('end', () => {
      const body = JSON.parse(raw);
      received.push({ headers: request.headers, body });
      const reply = answer(body);
      response.writeHead(reply.status, reply.headers ?? { 'content-type': 'application/json' })
        .end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/carrier`, received, server });
  }));
}

/** A carrier that takes every call and never answers: the idempotency key of each call it received. */
async function silentCarrier(): Promise<{ url: string; received: string[]; close(): void }> {
  const received: string[] = [];
  const server = createServer((request) => { received.push(String(request.headers['idempotency-key'])); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/carrier`,
    received,
    close: () => { server.closeAllConnections(); server.close(); },
  };
}

describe('the generic HTTP carrier', () => {
  let h: CarriersHarness;
  beforeAll(async () => { h = await startCarriersHarness(); });
  afterAll(async () => { await h.close(); });
  const reactor = (name: string) => h.context.reactors().find((r) => r.name === name)!;
  const last = (events: RecordedEvent[]) => events[events.length - 1]!;

  it('books through the configured URL with the request id as idempotency key and the API key as bearer', async () => {
    const carrier = await fakeCarrier((body) => ({ status: 200, body: { tracking_no: `HTTP-${body.request_id.slice(0, 8)}`, carrier_reference: 'R-1' } }));
    try {
      const account = await h.createAccount({ carrier: 'HTTP', property: { URL: carrier.url, API_KEY: 'k-123' }, defaultLabel: 'carrier_pdf' });
      const { shipmentId, request } = await h.confirmedShipment(account);
      await reactor('carrier-booking').handle(request);
      const booked = last(await h.stream(shipmentId));
      expect(booked.type).toBe('ShipmentBooked');
      const attempt = (request.data as any).booking_attempt_id;
      expect((booked.data as any)).toMatchObject({ tracking_no: `HTTP-${attempt.slice(0, 8)}`, carrier: 'HTTP', carrier_data: { carrier_reference: 'R-1' } });
      // No carrier label from the bridge: the default falls back to the service's PDF.
      expect((booked.data as any).labels.carrier_pdf_label_url).toBeUndefined();
      expect((booked.data as any).labels.default_label_url).toContain('/service_pdf?');
      expect(carrier.received[0]!.headers).toMatchObject({ authorization: 'Bearer k-123', 'idempotency-key': attempt });
      expect(carrier.received[0]!.body).toMatchObject({ action: 'book', request_id: attempt, shipment_id: shipmentId, shipment: { merchant: 'SHOP1' } });

      await h.context.shipments.record(h.tenantId, shipmentId, { causationId: `cancel-${shipmentId}`, correlationId: 'c', requestId: 'r', actor: 'test' },
        () => ({ type: 'CancelShipment', at: new Date().toISOString(), actor: 'test' }));
      const cancelled = last(await h.stream(shipmentId));
      await reactor('carrier-lifecycle').handle(cancelled);
      expect(carrier.received[1]!.body).toMatchObject({ action: 'cancel', request_id: attempt, tracking_no: `HTTP-${attempt.slice(0, 8)}` });
    } finally {
      carrier.server.close();
    }
  });

  it("a 4xx answer is the carrier's rejection, with its codes", async () => {
    const carrier = await fakeCarrier(() => ({ status: 422, body: { errors: [{ code: 'postcode_invalid', message: 'We do not serve SW1A', field: 'dropoff.postcode' }] } }));
    try {
      const account = await h.createAccount({ carrier: 'HTTP', property: { URL: carrier.url } });
      const { shipmentId, request } = await h.confirmedShipment(account);
      await reactor('carrier-booking').handle(request);
      const failed = last(await h.stream(shipmentId));
      expect(failed.type).toBe('ShipmentBookingFailed');
      expect((failed.data as any).error_details[0]).toMatchObject({
        level: 'ERROR', trigger: 'BOOKING', source: 'CARRIER', code: 'postcode_invalid', field: 'dropoff.postcode', message: 'We do not serve SW1A',
      });
    } finally {
      carrier.server.close();
    }
  });

  it('a 5xx answer is transient: the booking calls again within the retry budget and books', async () => {
    let calls = 0;
    const carrier = await fakeCarrier(() => (++calls === 1 ? { status: 503, body: '<html>busy</html>' } : { status: 200, body: { tracking_no: 'HTTP-RETRIED' } }));
    try {
      const account = await h.createAccount({ carrier: 'HTTP', property: { URL: carrier.url } });
      const { shipmentId, request } = await h.confirmedShipment(account);
      await reactor('carrier-booking').handle(request);
      expect(calls).toBe(2);
      expect((last(await h.stream(shipmentId)).data as any).tracking_no).toBe('HTTP-RETRIED');
    } finally {
      carrier.server.close();
    }
  });

  it('a carrier that never answers: after the retry budget (3 calls) the shipment is in error with carrier_unavailable', async () => {
    const { url, received, close } = await silentCarrier();
    try {
      const account = await h.createAccount({ carrier: 'HTTP', property: { URL: url } });
      const { shipmentId, request } = await h.confirmedShipment(account);
      // Short deadlines for this test: 300 ms per call instead of the default 10 s.
      const impatient = new CarriersContext({
        database: h.database, eventStore: h.eventStore,
        config: { ...h.context.config, outbound: { ...h.context.config.outbound, totalTimeoutMs: 300 } },
      });
      const started = Date.now();
      await impatient.reactors().find((r) => r.name === 'carrier-booking')!.handle(request);
      expect(Date.now() - started).toBeLessThan(10_000);
      const failed = last(await h.stream(shipmentId));
      expect(failed.type).toBe('ShipmentBookingFailed');
      expect((failed.data as any).error_details).toEqual([expect.objectContaining({
        source: 'CARRIER', type: 'TECHNICAL', trigger: 'BOOKING', code: 'carrier_unavailable', message: 'The carrier did not answer after 3 tries',
      })]);
      expect((await h.context.shipments.load(h.tenantId, shipmentId))?.status).toBe('error');
      // The same booking request each time, so a carrier that did book can answer the retry with it.
      const attempt = (request.data as any).booking_attempt_id;
      expect(received).toEqual([attempt, attempt, attempt]);
    } finally {
      close();
    }
  });

  it('an account whose carrier stopped answering: once 2 calls in a row went unanswered its calls fail at once without going out (the booking in hand at its next try, then the next bookings), another account books, and a trial after the pause calls again', async () => {
    // Given an HTTP carrier that never answers, a worker that waits 300 ms per call and opens an account's
    // circuit after 2 unanswered calls for a minute, and a clock the test moves
    const { url, received, close } = await silentCarrier();
    try {
      const silent = await h.createAccount({ carrier: 'HTTP', property: { URL: url } });
      const healthy = await h.createAccount();
      const worker = new CarriersContext({
        database: h.database, eventStore: h.eventStore,
        config: {
          ...h.context.config, outbound: { ...h.context.config.outbound, totalTimeoutMs: 300 },
          bookingCircuit: { openAfter: 2, openForMs: 60_000 },
        },
      });
      let now = Date.now();
      worker.bookingCircuits.useClock(() => now);
      const booking = worker.reactors().find((r) => r.name === 'carrier-booking')!;
      const book = async (account: typeof silent) => {
        const { shipmentId, request } = await h.confirmedShipment(account);
        const started = Date.now();
        await booking.handle(request);
        return { shipmentId, ms: Date.now() - started, last: last(await h.stream(shipmentId)) };
      };
      const openUntil = (at: number) => `The carrier did not answer the last 2 calls for this account; it is not called again before ${new Date(at + 60_000).toISOString()}`;

      // When a booking on the silent account calls twice without an answer
      const first = await book(silent);
      // Then its third try does not go out: it fails saying why and until when
      expect(received).toHaveLength(2);
      expect(first.last.type).toBe('ShipmentBookingFailed');
      expect((first.last.data as any).error_details).toEqual([expect.objectContaining({
        source: 'CARRIER', type: 'TECHNICAL', trigger: 'BOOKING', code: 'carrier_unavailable', message: openUntil(now),
      })]);
      expect((await h.context.shipments.load(h.tenantId, first.shipmentId))?.status).toBe('error');
      // And the next booking fails at once, without a call
      const refused = await book(silent);
      expect(refused.ms).toBeLessThan(300);
      expect(received).toHaveLength(2);
      expect((refused.last.data as any).error_details[0].message).toBe(openUntil(now));
      // And another account's booking goes on as usual
      expect((await book(healthy)).last.type).toBe('ShipmentBooked');

      // When the minute has passed, the next booking's first try is the trial: the carrier is called again
      // (and still does not answer), so the circuit opens again and the booking's retry does not go out
      now += 60_000;
      const trial = await book(silent);
      expect(received).toHaveLength(3);
      expect((trial.last.data as any).error_details[0].message).toBe(openUntil(now));
      // Then the next fails at once
      expect((await book(silent)).ms).toBeLessThan(300);
      expect(received).toHaveLength(3);
    } finally {
      close();
    }
  });

  it('a burst of bookings on an account whose carrier hangs: after the first wave of calls, every booking in hand fails at its next try, at most one call each instead of its whole budget', async () => {
    // Given an HTTP carrier that never answers, a worker that waits 300 ms per call with the default retry
    // pauses (1 s, then 2 s) and the default circuit (open after 10 unanswered calls), and sixteen
    // confirmed shipments on the account
    const { url, received, close } = await silentCarrier();
    try {
      const silent = await h.createAccount({ carrier: 'HTTP', property: { URL: url } });
      const worker = new CarriersContext({
        database: h.database, eventStore: h.eventStore,
        config: {
          ...h.context.config, outbound: { ...h.context.config.outbound, totalTimeoutMs: 300 },
          bookingRetry: { attempts: 3, baseDelayMs: 1_000, maxDelayMs: 5_000 },
        },
      });
      const booking = worker.reactors().find((r) => r.name === 'carrier-booking')!;
      const shipments = [];
      for (let index = 0; index < 16; index += 1) shipments.push(await h.confirmedShipment(silent));

      // When the worker books them all at once
      const started = Date.now();
      await Promise.all(shipments.map(({ request }) => booking.handle(request)));
      const elapsed = Date.now() - started;

      // Then none called twice: the first wave went unanswered and opened the circuit, and every retry, a
      // second later, failed at once (with the circuit around whole bookings: 48 calls, each booking ~3.9 s).
      // Each call carries its booking's request id, the same on every try, so a retry that went out repeats one.
      // The wave is at least the circuit's 10 calls; on a busy box the last bookings may reach the carrier only
      // after those 10 timed out, and then they fail without a call at all.
      expect(new Set(received).size).toBe(received.length);
      expect(received.length).toBeGreaterThanOrEqual(10);
      expect(received.length).toBeLessThanOrEqual(16);
      expect(elapsed).toBeLessThan(3_000);
      for (const { shipmentId } of shipments) {
        const failed = last(await h.stream(shipmentId));
        expect(failed.type).toBe('ShipmentBookingFailed');
        expect((failed.data as any).error_details[0]).toMatchObject({ code: 'carrier_unavailable', message: expect.stringContaining('did not answer the last 10 calls') });
      }
    } finally {
      close();
    }
  });

  it('a rejection enters error_details only as short codes and messages of the documented shape, never the raw body', async () => {
    const secret = 'internal-stack-trace-SECRET';
    const carrier = await fakeCarrier(() => ({
      status: 400,
      body: {
        debug: secret,
        errors: [
          { code: 'weight_exceeded', message: `Too heavy\u0000${'!'.repeat(500)}`, field: 'parcels[0].weight', trace: secret },
          { code: `<script>${secret}</script>`, message: 42, field: `x; DROP TABLE ${secret}` },
          ...Array.from({ length: 20 }, (_, i) => ({ code: `extra_${i}`, message: 'more' })),
        ],
      },
    }));
    const html = await fakeCarrier(() => ({ status: 404, body: `<html>${secret}</html>`, headers: { 'content-type': 'text/html' } }));
    try {
      for (const [server, expected] of [[carrier, 10], [html, 1]] as const) {
        const account = await h.createAccount({ carrier: 'HTTP', property: { URL: server.url } });
        const { shipmentId, request } = await h.confirmedShipment(account);
        await reactor('carrier-booking').handle(request);
        const failed = last(await h.stream(shipmentId));
        expect(failed.type).toBe('ShipmentBookingFailed');
        const details = (failed.data as any).error_details;
        expect(JSON.stringify(details)).not.toContain(secret);
        expect(details.filter((d: any) => d.source === 'CARRIER')).toHaveLength(expected);
        if (server === html) expect(details[0]).toMatchObject({ code: 'carrier_rejected', message: 'The carrier answered 404' });
        else {
          expect(details[0]).toMatchObject({ code: 'weight_exceeded', field: 'parcels[0].weight' });
          expect(details[0].message).toBe(`Too heavy ${'!'.repeat(190)}`);
          expect(details[1]).toEqual(expect.objectContaining({ code: 'carrier_rejected', message: 'Rejected by the carrier' }));
          expect(details[1].field).toBeUndefined();
        }
      }
    } finally {
      carrier.server.close();
      html.server.close();
    }
  });

  it('at call time the guard still refuses: a loopback URL without the allowlist, and a redirect, fail the booking without following', async () => {
    const carrier = await fakeCarrier(() => ({ status: 200, body: { tracking_no: 'NEVER' } }));
    const redirect = await fakeCarrier(() => ({ status: 307, body: '', headers: { location: carrier.url } }));
    try {
      const unguarded = new HttpCarrier(new OutboundClient({ config: { ...OUTBOUND_DEFAULTS, allowedCidrs: [] } }));
      const account = await h.createAccount({ carrier: 'HTTP', property: { URL: carrier.url } });
      const shipment = { tenantId: h.tenantId, shipmentId: 's-1', content: bookableContent() };
      const refused = await unguarded.book({ requestId: 'r-1', account, shipment });
      expect(refused).toEqual({ ok: false, errors: [expect.objectContaining({
        code: 'carrier_account_invalid', type: 'TECHNICAL',
        message: "The HTTP carrier account's URL must be an http(s) URL whose host resolves to an allowed public address",
      })] });

      const redirected = await h.context.carriers.get('HTTP').book({ requestId: 'r-2', account: { ...account, property: { URL: redirect.url } }, shipment });
      expect(redirected).toEqual({ ok: false, errors: [expect.objectContaining({ code: 'carrier_response_invalid', type: 'TECHNICAL' })] });
      expect(redirect.received).toHaveLength(1);
      expect(carrier.received).toHaveLength(0);
    } finally {
      carrier.server.close();
      redirect.server.close();
    }
  });
});
