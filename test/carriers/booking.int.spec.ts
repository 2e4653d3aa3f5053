import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@shipledger/event-store';
import { metricsRegistry } from '@shipledger/platform';
import type { ShipmentContent } from '@shipledger/shipping';
import { decide, initialShipmentState } from '../../libs/shipping/src/domain/shipment';
import { bookableContent, startCarriersHarness, type CarriersHarness, type HarnessDatabase } from './carriers-harness';

describe.each<HarnessDatabase>(['pglite', 'postgres'])('booking reactor (%s)', (kind) => {
  let h: CarriersHarness;
  beforeAll(async () => { h = await startCarriersHarness(kind); });
  afterAll(async () => { await h.close(); });

  const reactor = () => h.context.reactors().find((r) => r.name === 'carrier-booking')!;
  const types = (events: RecordedEvent[]) => events.map((e) => e.type);
  const last = (events: RecordedEvent[]) => events[events.length - 1]!;

  it('books a confirmed shipment: tracking number, parcel numbers, label URLs, carrier actor', async () => {
    const account = await h.createAccount();
    const { shipmentId, request } = await h.confirmedShipment(account);
    await reactor().handle(request);
    const stream = await h.stream(shipmentId);
    const booked = last(stream);
    expect(booked.type).toBe('ShipmentBooked');
    const data = booked.data as any;
    expect(data.tracking_no).toMatch(/^SBX\d{12}$/);
    expect(data.parcel_tracking_numbers).toEqual([
      { parcel_id: 'p1', tracking_number: `${data.tracking_no}-1` },
      { parcel_id: 'p2', tracking_number: `${data.tracking_no}-2` },
    ]);
    const link = (kind: string) => new RegExp(`^https://shipledger\\.test/labels/${shipmentId}/${kind}\\?expires=\\d+&signature=[\\w-]{43}$`);
    expect(data.labels).toEqual({
      default_label_url: expect.stringMatching(link('carrier_pdf')),
      carrier_pdf_label_url: expect.stringMatching(link('carrier_pdf')),
      service_pdf_label_url: expect.stringMatching(link('service_pdf')),
      service_zpl_label_url: expect.stringMatching(link('service_zpl')),
    });
    expect(booked.metadata).toMatchObject({ tenantId: h.tenantId, actor: 'carrier:SANDBOX', causationId: request.id });
    const metrics = await metricsRegistry.getSingleMetricAsString('shipledger_carrier_bookings_total');
    expect(metrics).toMatch(/shipledger_carrier_bookings_total\{carrier="SANDBOX",outcome="booked"\} [1-9]/);
  });

  it("the account's label.default_label picks the default label", async () => {
    const account = await h.createAccount({ defaultLabel: 'service_zpl' });
    const { shipmentId, request } = await h.confirmedShipment(account);
    await reactor().handle(request);
    const labels = (last(await h.stream(shipmentId)).data as any).labels;
    expect(labels.default_label_url).toContain(`/labels/${shipmentId}/service_zpl?`);
  });

  it('the same booking request handled twice books once with the same tracking number', async () => {
    const account = await h.createAccount();
    const { shipmentId, request } = await h.confirmedShipment(account);
    await reactor().handle(request);
    await reactor().handle(request);
    const stream = await h.stream(shipmentId);
    expect(types(stream).filter((t) => t === 'ShipmentBooked')).toHaveLength(1);
  });

  it('a worker killed between the carrier call and the append books exactly once after restart', async () => {
    const account = await h.createAccount();
    const { shipmentId, request } = await h.confirmedShipment(account);
    const writer = h.context.shipments;
    const spy = jest.spyOn(writer, 'record').mockImplementationOnce(async () => { throw new Error('killed after the carrier call'); });
    await expect(reactor().handle(request)).rejects.toThrow('killed after the carrier call');
    spy.mockRestore();
    const sandboxBefore = await h.context.sandboxStore.booking((request.data as any).booking_attempt_id);
    expect(sandboxBefore?.tracking_no).toMatch(/^SBX/);
    expect(types(await h.stream(shipmentId))).not.toContain('ShipmentBooked');

    // The restarted worker gets the same event again (at-least-once delivery).
    await reactor().handle(request);
    const stream = await h.stream(shipmentId);
    const booked = stream.filter((e) => e.type === 'ShipmentBooked');
    expect(booked).toHaveLength(1);
    expect((booked[0]!.data as any).tracking_no).toBe(sandboxBefore!.tracking_no);
    const rows = await h.database.kysely.withSchema('carriers').selectFrom('sandbox_bookings').selectAll()
      .where('shipment_id', '=', shipmentId).execute();
    expect(rows).toHaveLength(1);
  });

  it('a worker killed after the append (acknowledgement lost) does not append again', async () => {
    const account = await h.createAccount();
    const { shipmentId, request } = await h.confirmedShipment(account);
    await reactor().handle(request);
    // Replay as if the checkpoint had not been written: the decider sees the shipment booked and answers nothing.
    await reactor().handle(request);
    expect(types(await h.stream(shipmentId)).filter((t) => t === 'ShipmentBooked')).toHaveLength(1);
  });

  it('two workers racing on the same request book once', async () => {
    const account = await h.createAccount();
    const { shipmentId, request } = await h.confirmedShipment(account);
    const second = h.context.reactors().find((r) => r.name === 'carrier-booking')!;
    await Promise.all([reactor().handle(request), second.handle(request), reactor().handle(request)]);
    const stream = await h.stream(shipmentId);
    expect(types(stream).filter((t) => t === 'ShipmentBooked')).toHaveLength(1);
    const rows = await h.database.kysely.withSchema('carriers').selectFrom('sandbox_bookings').selectAll().where('shipment_id', '=', shipmentId).execute();
    expect(rows).toHaveLength(1);
  });

  it('a shipment cancelled while the carrier was booking gets its orphaned booking cancelled', async () => {
    const account = await h.createAccount();
    const { shipmentId, request } = await h.confirmedShipment(account);
    const sandbox = h.context.carriers.get('SANDBOX');
    const realBook = sandbox.book.bind(sandbox);
    const spy = jest.spyOn(sandbox, 'book').mockImplementationOnce(async (booking) => {
      const answer = await realBook(booking);
      await h.context.shipments.record(h.tenantId, shipmentId, { causationId: `cancel-${shipmentId}`, correlationId: 'c', requestId: 'r', actor: 'merchant' },
        () => ({ type: 'CancelShipment', at: new Date().toISOString(), actor: 'merchant' }));
      return answer;
    });
    await reactor().handle(request);
    spy.mockRestore();
    expect(types(await h.stream(shipmentId))).not.toContain('ShipmentBooked');
    const row = await h.context.sandboxStore.booking((request.data as any).booking_attempt_id);
    expect(row?.status).toBe('cancelled');
  });

  it('ignores a booking request superseded by a newer attempt', async () => {
    const account = await h.createAccount();
    const { shipmentId, request } = await h.confirmedShipment(account);
    const stale = { ...request, id: randomUUID(), data: { ...(request.data as object), booking_attempt_id: randomUUID() } };
    await reactor().handle(stale);
    expect(last(await h.stream(shipmentId)).type).toBe('ShipmentBookingRequested');
  });

  // The data checks run synchronously on confirm now: such a shipment never reaches the reactor.
  const invalidData: [string, ShipmentContent, string, string][] = [
    ['no parcels', bookableContent({ parcels: [] }), 'parcel_info_missing', 'parcels'],
    ['a parcel without weight', bookableContent({ parcels: [{ parcel_id: 'p1' }] }), 'parcel_weight_missing', 'parcels[0].weight'],
    ['a malformed phone', bookableContent({ dropoff: { ...bookableContent().dropoff, contact_phone: 'call me' } }), 'phone_number_invalid', 'dropoff.contact_phone'],
    ['an unassigned country code', bookableContent({ dropoff: { ...bookableContent().dropoff, country: 'XX' } }), 'country_invalid', 'dropoff.country'],
    ['no postcode where one is needed', bookableContent({ dropoff: { ...bookableContent().dropoff, postcode: undefined } }), 'postcode_missing', 'dropoff.postcode'],
  ];

  it.each(invalidData)('refuses %s at confirm, before any booking request', (_name, content, code, field) => {
    const events = decide({
      type: 'CreateShipment', shipment_id: randomUUID(), tenant_id: h.tenantId, content, draft: false,
      carrier: { kind: 'assigned', account: { carrier: 'SANDBOX', carrier_id: 'ca-1', carrier_account_name: 'Sandbox' } },
      booking_attempt_id: randomUUID(), at: new Date().toISOString(), actor: 'test-client',
    }, initialShipmentState());
    expect(events.map((event) => event.type)).toEqual(['ShipmentCreated', 'ShipmentValidationFailed']);
    expect((events[1]!.data as any).error_details).toEqual([expect.objectContaining({ level: 'ERROR', code, field })]);
  });

  it("fails the booking for a requirement the account's carrier declares that the confirm did not know of", async () => {
    const account = await h.createAccount({ property: { BOOKING_LATENCY_MS: '0', REQUIRE_ITEM_WEIGHT: 'true' } });
    const { shipmentId, request } = await h.confirmedShipment(account, bookableContent({ items: [{ sku: 'SKU-1', quantity: 1 }] }));
    await reactor().handle(request);
    const failed = last(await h.stream(shipmentId));
    expect(failed.type).toBe('ShipmentBookingFailed');
    expect((failed.data as any).error_details).toEqual([expect.objectContaining({ level: 'ERROR', code: 'item_weight_missing', field: 'items[0].weight' })]);
  });

  const failureCases: [string, () => Parameters<CarriersHarness['confirmedShipment']>[1], string, string | undefined][] = [
    ['the rejected_at_booking scenario', () => bookableContent({ custom_attributes: { sandbox_scenario: ['rejected_at_booking'] } }), 'required_data_invalid', undefined],
    ['an unknown scenario', () => bookableContent({ custom_attributes: { sandbox_scenario: ['teleported'] } }), 'custom_attribute_value_invalid', 'custom_attributes.sandbox_scenario'],
  ];

  it.each(failureCases)('fails the booking for %s', async (_name, content, code, field) => {
    const account = await h.createAccount();
    const { shipmentId, request } = await h.confirmedShipment(account, content());
    await reactor().handle(request);
    const failed = last(await h.stream(shipmentId));
    expect(failed.type).toBe('ShipmentBookingFailed');
    const detail = (failed.data as any).error_details.find((d: any) => d.code === code);
    expect(detail).toMatchObject({ level: 'ERROR', trigger: 'BOOKING', type: 'VALIDATION', code });
    if (field) expect(detail.field).toBe(field);
  });

  it('a missing email is a WARNING and the booking goes on', async () => {
    const account = await h.createAccount();
    const content = bookableContent({ dropoff: { ...bookableContent().dropoff, contact_email: undefined } });
    const { shipmentId, request } = await h.confirmedShipment(account, content);
    await reactor().handle(request);
    expect(last(await h.stream(shipmentId)).type).toBe('ShipmentBooked');
  });

  it('rejection rules configured on the account come back as CARRIER-sourced error details', async () => {
    const account = await h.createAccount({
      property: { BOOKING_LATENCY_MS: '0', MAX_PARCEL_WEIGHT_KG: '2', UNSERVED_COUNTRIES: 'GB', REQUIRE_PHONE: 'true' },
    });
    const content = bookableContent({ dropoff: { ...bookableContent().dropoff, contact_phone: undefined } });
    const { shipmentId, request } = await h.confirmedShipment(account, content);
    await reactor().handle(request);
    const failed = last(await h.stream(shipmentId));
    expect(failed.type).toBe('ShipmentBookingFailed');
    const details = (failed.data as any).error_details;
    expect(details.map((d: any) => d.code).sort()).toEqual(['country_invalid', 'phone_number_invalid', 'required_data_invalid']);
    expect(details.every((d: any) => d.source === 'CARRIER' && d.trigger === 'BOOKING')).toBe(true);
  });

  it.each(['inactive', 'deleted'] as const)('an %s account cannot book (carrier_account_invalid)', async (status) => {
    const account = await h.createAccount();
    const { shipmentId, request } = await h.confirmedShipment(account);
    if (status === 'inactive') {
      await h.context.accounts.replace(h.tenantId, account.carrierAccountId, {
        carrierAccountName: account.carrierAccountName, carrier: account.carrier, property: account.property,
        defaultLabel: account.defaultLabel, autoReadyToShip: false, autoReturnConfirmed: false, status: 'inactive',
      });
    } else {
      await h.context.accounts.delete(h.tenantId, account.carrierAccountId);
    }
    await reactor().handle(request);
    const failed = last(await h.stream(shipmentId));
    expect(failed.type).toBe('ShipmentBookingFailed');
    expect((failed.data as any).error_details[0]).toMatchObject({ code: 'carrier_account_invalid', level: 'ERROR' });
  });

  it('a request without a carrier account fails with no_carrier_assigned on the carrier field', async () => {
    const { shipmentId, request } = await h.confirmedShipment(undefined);
    await reactor().handle(request);
    const failed = last(await h.stream(shipmentId));
    expect((failed.data as any).error_details[0]).toMatchObject({ code: 'no_carrier_assigned', level: 'ERROR', field: 'carrier' });
  });
});
