import { startTestApp, type TestApp, type TestResponse, type TestTenant } from '@shipledger/testing';
import { fold, initialShipmentState, toShipmentResponse, type ShipmentEvent } from '@shipledger/shipping';
import { createCarrierAccount, shipmentClient, shipmentRequest, type ShipmentClient } from './support/shipment-requests';

const toDomain = (event: { type: string; data: unknown }) => ({ type: event.type, data: event.data }) as ShipmentEvent;

describe.each([['PGlite', false], ['Postgres', true]])('concurrent commands on one shipment (%s)', (_name, postgres) => {
  let app: TestApp;
  let tenant: TestTenant;
  let api: ShipmentClient;

  beforeAll(async () => {
    app = await startTestApp({ worker: false, postgres });
    tenant = await app.createTenant();
    api = shipmentClient(app, tenant);
    await createCarrierAccount(app, tenant);
  });
  afterAll(() => app?.close());

  it('20 concurrent confirm/cancel/PATCH calls leave a valid history and answers consistent with it', async () => {
    const shipment = (await api.create(shipmentRequest(tenant.merchants[0]), '?draft=true')).body;
    const id = shipment.shipment_id;
    const calls: { kind: string; run: () => Promise<TestResponse> }[] = Array.from({ length: 20 }, (_, index) => {
      switch (index % 3) {
        case 0: return { kind: 'confirm', run: () => api.call('POST', `/shipments/${id}/confirm`) };
        case 1: return { kind: 'cancel', run: () => api.call('POST', `/shipments/${id}/cancel`, { update_reason_code: `R${index}` }) };
        default: return { kind: 'patch', run: () => api.call('PATCH', `/shipments/${id}`, { language: `l${index}` }) };
      }
    });
    const answers = await Promise.all(calls.map(async (call) => ({ kind: call.kind, response: await call.run() })));

    const recorded = await app.eventStore.readStream(`shipment-${id}`);
    expect(recorded.map((event) => event.revision)).toEqual(recorded.map((_, index) => index));
    const final = fold(recorded.map(toDomain));
    expect((await api.get(id)).body).toEqual(toShipmentResponse(final));

    for (const { kind, response } of answers) {
      const requestId = response.headers['x-request-id'];
      const own = recorded.filter((event) => event.metadata.requestId === requestId);
      if (response.status === 200) {
        // The answer is exactly the shipment as its own events left it in the history.
        expect(own.length).toBeGreaterThan(0);
        const last = own[own.length - 1].revision;
        const asOfAnswer = fold(recorded.filter((event) => event.revision <= last).map(toDomain), initialShipmentState());
        expect(response.body).toEqual(toShipmentResponse(asOfAnswer));
      } else {
        expect(response.status).toBe(400);
        expect(own).toEqual([]);
        const expected = {
          confirm: /^Only draft shipments can be confirmed\. Current shipment status: (pending|cancelled)\.$/,
          cancel: /^Status change is not allowed from current status: 'cancelled' to the new status: 'cancelled'$/,
          patch: new RegExp(`^Shipment ${id} is not \\[draft, error\\]\\.$`),
        }[kind]!;
        expect(response.body.errors[0]).toMatch(expected);
      }
    }
    const succeeded = (kind: string) => answers.filter((answer) => answer.kind === kind && answer.response.status === 200).length;
    expect(succeeded('cancel')).toBe(1);
    expect(succeeded('confirm')).toBeLessThanOrEqual(1);
    expect(recorded.filter((event) => event.type === 'ShipmentConfirmed')).toHaveLength(succeeded('confirm'));
    expect(recorded.filter((event) => event.type === 'ShipmentUpdated')).toHaveLength(succeeded('patch'));
    expect(final.status).toBe('cancelled');
  });

  it('duplicate references racing: exactly one create wins', async () => {
    const body = shipmentRequest(tenant.merchants[0]);
    const answers = await Promise.all(Array.from({ length: 10 }, () => api.create(body, '?draft=true')));
    const winners = answers.filter((answer) => answer.status === 200);
    expect(winners).toHaveLength(1);
    for (const loser of answers.filter((answer) => answer.status !== 200)) {
      expect(loser.status).toBe(400);
      expect(loser.body.errors).toEqual(['Duplicate partner shipment reference']);
    }
    expect((await api.get(body.references.partner_shipment_reference)).body.shipment_id).toBe(winners[0].body.shipment_id);
  });
});
