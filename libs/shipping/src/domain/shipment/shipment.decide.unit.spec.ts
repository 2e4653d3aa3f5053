import { ACCOUNT, ASSIGNED, STAMP, bookableContent, shipmentIn } from './shipment.fixtures';
import type { CarrierAssignment, ShipmentCommand } from './shipment.commands';
import type { ShipmentContent } from './shipment.content';
import { decide } from './shipment.decide';
import { evolve } from './shipment.evolve';
import { initialShipmentState, type ShipmentState } from './shipment.state';

function run(command: ShipmentCommand, state: ShipmentState): ShipmentState {
  return decide(command, state).reduce(evolve, state);
}

function create(content: ShipmentContent, draft: boolean, carrier: CarrierAssignment = ASSIGNED): ShipmentState {
  return run({
    type: 'CreateShipment', shipment_id: 'shp-9', tenant_id: 't-1', content, draft, carrier, booking_attempt_id: 'a-1', ...STAMP,
  }, initialShipmentState());
}

describe('create', () => {
  it('draft=true stores only', () => {
    const state = create(bookableContent(), true);
    expect(state).toMatchObject({ exists: true, status: 'draft', shipment_id: 'shp-9', tenant_id: 't-1', creation_date: STAMP.at });
    expect(state.booking_attempt_id).toBeUndefined();
    expect(state.key_milestones).toEqual({ draft: STAMP.at });
  });

  it('confirmed create answers pending with a booking request and keeps warnings', () => {
    const content = bookableContent({ dropoff: { address1: 'x', city: 'Dubai', country: 'AE' } });
    const state = create(content, false);
    expect(state.status).toBe('pending');
    expect(state.carrier_account).toEqual(ACCOUNT);
    expect(state.booking_attempt_id).toBe('a-1');
    expect(state.key_milestones).toEqual({ pending: STAMP.at });
    expect(state.error_details).toEqual([expect.objectContaining({ level: 'WARNING', code: 'email_missing', field: 'dropoff.contact_email' })]);
  });

  it('without a carrier the create ends in error with no_carrier_assigned', () => {
    const state = create(bookableContent(), false, { kind: 'none' });
    expect(state.status).toBe('error');
    expect(state.error_details).toEqual([
      { level: 'ERROR', trigger: 'BOOKING', source: 'shipledger', type: 'VALIDATION', code: 'no_carrier_assigned', field: 'carrier', message: expect.any(String) },
    ]);
  });

  it('without a dropoff the create ends in error with required_data_missing', () => {
    const state = create({ ...bookableContent(), dropoff: undefined }, false);
    expect(state.status).toBe('error');
    expect(state.error_details.map((detail) => [detail.code, detail.field])).toContainEqual(['required_data_missing', 'dropoff']);
  });

  it('a requested account that cannot book gives carrier_account_invalid', () => {
    const state = create(bookableContent(), false, { kind: 'invalid', requested: 'gone' });
    expect(state.error_details.map((detail) => detail.code)).toEqual(['carrier_account_invalid']);
  });

  it('prebooked takes carrier and tracking number as given, sends no booking request', () => {
    const content = bookableContent({ pre_booked: true, pre_booking_info: { input_carrier: 'DHL', carrier_tracking_no: 'TN-1' } });
    const events = decide({
      type: 'CreateShipment', shipment_id: 's', tenant_id: 't', content, draft: false, carrier: { kind: 'none' }, booking_attempt_id: 'a', ...STAMP,
    }, initialShipmentState());
    expect(events.map((event) => event.type)).toEqual(['ShipmentCreated', 'ShipmentBooked']);
    const state = events.reduce(evolve, initialShipmentState());
    expect(state).toMatchObject({ status: 'booked', tracking_no: 'TN-1', carrier_account: { carrier: 'DHL' } });
  });

  it('a second create on the same stream is refused', () => {
    expect(() => run({
      type: 'CreateShipment', shipment_id: 'shp-1', tenant_id: 't-1', content: {}, draft: true, carrier: { kind: 'none' }, booking_attempt_id: 'a', ...STAMP,
    }, shipmentIn('draft'))).toThrow('Duplicate partner shipment reference');
  });
});

describe('PATCH, PUT and confirm bodies', () => {
  it('PATCH replaces a supplied top-level object whole and keeps the others', () => {
    const state = run({ type: 'UpdateShipment', mode: 'merge', patch: { pickup: { city: 'Abu Dhabi' } }, ...STAMP }, shipmentIn('draft'));
    expect(state.content.pickup).toEqual({ city: 'Abu Dhabi' });
    expect(state.content.dropoff?.contact_name).toBe('Ann');
  });

  it('custom attributes merge one by one and null removes one', () => {
    let state = shipmentIn('draft', bookableContent({ custom_attributes: { gift_note: ['Hi'], color: ['red'] } }));
    state = run({ type: 'UpdateShipment', mode: 'merge', patch: { custom_attributes: { color: null, size: ['L'] } }, ...STAMP }, state);
    expect(state.content.custom_attributes).toEqual({ gift_note: ['Hi'], size: ['L'] });
  });

  it('PUT replaces the whole request, custom attributes included', () => {
    const before = shipmentIn('error', bookableContent({ custom_attributes: { gift_note: ['Hi'] } }));
    const state = run({ type: 'UpdateShipment', mode: 'replace', patch: { merchant: 'SHOP1', custom_attributes: { size: ['M'] } }, ...STAMP }, before);
    expect(state.content).toEqual({ merchant: 'SHOP1', custom_attributes: { size: ['M'] } });
  });

  it('confirm applies its partial body before validating', () => {
    const draft = shipmentIn('draft', { ...bookableContent(), pickup: undefined });
    const state = run({ type: 'ConfirmShipment', patch: { pickup: { city: 'Dubai', country: 'AE' } }, carrier: ASSIGNED, booking_attempt_id: 'b', ...STAMP }, draft);
    expect(state.status).toBe('pending');
    expect(state.confirmation_date).toBe(STAMP.at);
  });
});

describe('booking answers from the carriers side', () => {
  const pending = () => create(bookableContent(), false);

  it('the awaited attempt books the shipment', () => {
    const state = run({
      type: 'RecordBookingSucceeded', booking_attempt_id: 'a-1', tracking_no: 'TRK', carrier: 'SANDBOX',
      labels: { default_label_url: 'https://x/label.pdf' }, ...STAMP,
    }, pending());
    expect(state).toMatchObject({ status: 'booked', tracking_no: 'TRK', labels: { default_label_url: 'https://x/label.pdf' } });
  });

  it('a stale attempt decides nothing', () => {
    expect(decide({ type: 'RecordBookingSucceeded', booking_attempt_id: 'old', tracking_no: 'T', carrier: 'S', ...STAMP }, pending())).toEqual([]);
    const cancelled = run({ type: 'CancelShipment', ...STAMP }, pending());
    expect(decide({ type: 'RecordBookingFailed', booking_attempt_id: 'a-1', error_details: [], ...STAMP }, cancelled)).toEqual([]);
  });

  it('a failed booking puts the shipment in error with the carrier details', () => {
    const details = [{ level: 'ERROR' as const, trigger: 'BOOKING' as const, source: 'CARRIER', type: 'VALIDATION' as const, code: 'postcode_missing', message: 'x' }];
    const state = run({ type: 'RecordBookingFailed', booking_attempt_id: 'a-1', error_details: details, ...STAMP }, pending());
    expect(state).toMatchObject({ status: 'error', error_details: details });
  });

  it('a tracking update never sets a merchant-controlled status (rule 4); its pickup scan means in_transit', () => {
    const booked = shipmentIn('booked');
    expect(run({ type: 'RecordTrackingUpdate', status: 'shipped', tracking: { carrier_status: 'PICKED' }, ...STAMP }, booked).status).toBe('in_transit');
    expect(run({ type: 'RecordTrackingUpdate', status: 'in_transit', tracking: {}, ...STAMP }, booked).status).toBe('in_transit');
    const delivered = shipmentIn('delivered');
    expect(run({ type: 'RecordTrackingUpdate', status: 'delivery_confirmed', tracking: {}, ...STAMP }, delivered).status).toBe('delivered');
  });

  it('a stale tracking update is recorded but changes neither status nor tracking details', () => {
    const inTransit = run({ type: 'RecordTrackingUpdate', status: 'in_transit', tracking: { carrier_status: 'IT' }, ...STAMP }, shipmentIn('booked'));
    const events = decide({ type: 'RecordTrackingUpdate', status: 'shipped', stale: true, tracking: { carrier_status: 'PU' }, ...STAMP }, inTransit);
    expect(events).toEqual([expect.objectContaining({ type: 'ShipmentTrackingUpdated', data: expect.objectContaining({ stale: true, status: undefined }) })]);
    expect(run({ type: 'RecordTrackingUpdate', status: 'shipped', stale: true, tracking: { carrier_status: 'PU' }, ...STAMP }, inTransit))
      .toMatchObject({ status: 'in_transit', tracking: { carrier_status: 'IT' } });
  });
});

describe('reassign, promise, label and documents', () => {
  it('reassign with no account and no routing match has no effect', () => {
    expect(decide({ type: 'ReassignShipment', carrier: { kind: 'none' }, booking_attempt_id: 'x', ...STAMP }, shipmentIn('error'))).toEqual([]);
  });

  it('a manual status change keeps the update_date the merchant gave as its milestone', () => {
    const state = run({ type: 'UpdateShipmentStatus', new_status: 'shipped', update_date: '2026-11-20T08:00:00.000Z', ...STAMP }, shipmentIn('booked'));
    expect(state.key_milestones.shipped).toBe('2026-11-20T08:00:00.000Z');
    expect(state.update_date).toBe(STAMP.at);
  });

  it('the first delivery promise is kept as the original', () => {
    let state = run({ type: 'UpdateDeliveryPromise', promised_delivery_date: '2026-12-01T00:00:00.000Z', ...STAMP }, shipmentIn('booked'));
    state = run({ type: 'UpdateDeliveryPromise', promised_delivery_date: '2026-12-03T00:00:00.000Z', ...STAMP }, state);
    expect(state).toMatchObject({ promised_delivery_date: '2026-12-03T00:00:00.000Z', original_promised_delivery_date: '2026-12-01T00:00:00.000Z' });
  });

  it('label refresh asks for a label only when the default one is missing', () => {
    expect(() => decide({ type: 'RefreshLabel', ...STAMP }, shipmentIn('draft'))).toThrow('has no label');
    const booked = run({ type: 'RecordBookingSucceeded', booking_attempt_id: 'a-1', tracking_no: 'T', carrier: 'S', ...STAMP }, create(bookableContent(), false));
    expect(decide({ type: 'RefreshLabel', ...STAMP }, booked).map((event) => event.type)).toEqual(['ShipmentLabelRefreshRequested']);
    const labelled = run({ type: 'RecordLabelGenerated', labels: { default_label_url: 'u' }, ...STAMP }, booked);
    expect(decide({ type: 'RefreshLabel', ...STAMP }, labelled)).toEqual([]);
    // A signed link past its expiry is re-issued like a missing one.
    const inSeconds = (offset: number) => Math.floor(Date.parse(STAMP.at) / 1000) + offset;
    const fresh = run({ type: 'RecordLabelGenerated', labels: { default_label_url: `https://x/labels/s/service_pdf?expires=${inSeconds(60)}&signature=s` }, ...STAMP }, booked);
    expect(decide({ type: 'RefreshLabel', ...STAMP }, fresh)).toEqual([]);
    const expired = run({ type: 'RecordLabelGenerated', labels: { default_label_url: `https://x/labels/s/service_pdf?expires=${inSeconds(-1)}&signature=s` }, ...STAMP }, booked);
    expect(decide({ type: 'RefreshLabel', ...STAMP }, expired).map((event) => event.type)).toEqual(['ShipmentLabelRefreshRequested']);
    const prebooked = create(bookableContent({ pre_booked: true, pre_booking_info: { input_carrier: 'DHL', carrier_tracking_no: 'T' } }), false);
    expect(() => decide({ type: 'RefreshLabel', ...STAMP }, prebooked)).toThrow('booked outside the service');
  });

  it('documents: single refuses an existing id, bulk replaces, replace needs one', () => {
    const doc = { document_id: 'invoice', document_name: 'Invoice', content_sha256: 'abc', size_bytes: 10 };
    const uploaded = run({ type: 'UploadDocument', mode: 'single', document: doc, ...STAMP }, shipmentIn('draft'));
    expect(uploaded.documents).toHaveLength(1);
    expect(() => decide({ type: 'UploadDocument', mode: 'single', document: doc, ...STAMP }, uploaded)).toThrow('already uploaded');
    expect(decide({ type: 'UploadDocument', mode: 'bulk', document: doc, ...STAMP }, uploaded)[0].type).toBe('DocumentReplaced');
    expect(() => decide({ type: 'UploadDocument', mode: 'replace', document: doc, ...STAMP }, shipmentIn('draft'))).toThrow('not uploaded');
    const status = run({ type: 'RecordDocumentUploadStatus', document_id: 'invoice', carrier_upload_status: 'error', message: 'rejected', ...STAMP }, uploaded);
    expect(status.documents[0]).toMatchObject({ carrier_upload_status: 'error', message: 'rejected' });
  });

  it('every command on a missing shipment is a not-found', () => {
    const missing = { ...initialShipmentState(), shipment_id: 'nope' };
    expect(() => decide({ type: 'CancelShipment', ...STAMP }, missing)).toThrow('No shipment found with the shipment id: nope');
  });
});
