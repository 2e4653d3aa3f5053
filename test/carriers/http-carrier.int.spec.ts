import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RecordedEvent } from '@shipledger/event-store';
import { startCarriersHarness, type CarriersHarness } from './carriers-harness';

interface Received {
  headers: IncomingMessage['headers'];
  body: any;
}

/** A stand-in for a real carrier integration behind the HTTP bridge. */
function fakeCarrier(answer: (body: any) => { status: number; body: unknown }): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => { raw += chunk; });
    request.on('end', () => {
      const body = JSON.parse(raw);
      received.push({ headers: request.headers, body });
      const reply = answer(body);
      response.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/carrier`, received, server });
  }));
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

      await h.context.writer.record(h.tenantId, shipmentId, { causationId: `cancel-${shipmentId}`, correlationId: 'c', requestId: 'r', actor: 'test' },
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

  it('a 5xx answer is transient: the reactor throws so the runner retries, and nothing is recorded', async () => {
    let calls = 0;
    const carrier = await fakeCarrier(() => (++calls === 1 ? { status: 503, body: {} } : { status: 200, body: { tracking_no: 'HTTP-RETRIED' } }));
    try {
      const account = await h.createAccount({ carrier: 'HTTP', property: { URL: carrier.url } });
      const { shipmentId, request } = await h.confirmedShipment(account);
      await expect(reactor('carrier-booking').handle(request)).rejects.toThrow('HTTP carrier answered 503');
      expect(last(await h.stream(shipmentId)).type).toBe('ShipmentBookingRequested');
      await reactor('carrier-booking').handle(request);
      expect((last(await h.stream(shipmentId)).data as any).tracking_no).toBe('HTTP-RETRIED');
    } finally {
      carrier.server.close();
    }
  });
});
