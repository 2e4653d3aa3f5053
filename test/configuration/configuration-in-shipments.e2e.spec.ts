import { startTestApp, type TestApp, type TestTenant } from '@shipledger/testing';
import { expectShippingError } from '../shipping/support/expect-error';
import { createCarrierAccount, shipmentClient, shipmentRequest, type ShipmentClient } from '../shipping/support/shipment-requests';
import { configurationClient, freshCode, locationRequest, type ConfigurationClient } from './support/configuration-client';

describe.each([['PGlite', false], ['Postgres', true]])('shipments naming configuration over HTTPS on %s', (_name, postgres) => {
  let app: TestApp;
  let tenant: TestTenant;
  let config: ConfigurationClient;
  let shipments: ShipmentClient;
  const [shopA, shopB] = ['SHOP-A', 'SHOP-B'];

  beforeAll(async () => {
    app = await startTestApp({ postgres });
    tenant = await app.createTenant({ merchants: [shopA, shopB] });
    config = configurationClient(app, tenant);
    shipments = shipmentClient(app, tenant);
    await createCarrierAccount(app, tenant);
  });
  afterAll(() => app?.close());

  const pickupOnly = (reference: Record<string, string>, extra: Record<string, unknown> = {}) => ({ ...reference, ...extra });

  describe('pickup and dropoff by partner_location_id or partner_location_code', () => {
    it('the stored location fills the address fields the request leaves out, the moment it is created', async () => {
      const location = await config.create('/locations', locationRequest({ coords: '25.1,55.2', address2: 'Gate 4', merchants: [shopA] }));
      const created = await shipments.create(shipmentRequest(shopA, { pickup: pickupOnly({ partner_location_id: location.location_id }, { contact_name: 'Night shift' }) }), '?draft=true');
      expect(created.status).toBe(200);
      expect(created.body.pickup).toEqual({
        partner_location_id: location.location_id, partner_location_code: location.location_code,
        contact_name: 'Night shift', contact_phone: location.contact_phone, address1: location.address1, address2: 'Gate 4',
        city: location.city, country: location.country, coords: [25.1, 55.2],
      });
    });

    it('a location code of the merchant resolves too (dropoff, confirmed create)', async () => {
      const location = await config.create('/locations', locationRequest({ merchants: [shopA] }));
      await app.waitUntilCaughtUp();
      const created = await shipments.create(shipmentRequest(shopA, { dropoff: { partner_location_code: location.location_code, contact_email: 'a@b.example' } }));
      expect(created.status).toBe(200);
      expect(created.body.post_shipping_info.status).toBe('pending');
      expect(created.body.dropoff).toMatchObject({ partner_location_id: location.location_id, address1: location.address1, contact_email: 'a@b.example' });
    });

    it('unknown, or allowed only for another merchant → 400 partner_location_invalid, nothing written', async () => {
      const forB = await config.create('/locations', locationRequest({ merchants: [shopB] }));
      await app.waitUntilCaughtUp();
      const request = shipmentRequest(shopA, { pickup: { partner_location_id: forB.location_id }, dropoff: { partner_location_code: 'NO-SUCH' } });
      expectShippingError(await shipments.create(request, '?draft=true'), 400,
        `pickup.partner_location_id : partner_location_invalid: no location ${forB.location_id} for merchant ${shopA}`,
        `dropoff.partner_location_code : partner_location_invalid: no location NO-SUCH for merchant ${shopA}`);
      expect((await shipments.get(request.references.partner_shipment_reference)).status).toBe(404);
    });

    it('a deleted location used by a later shipment → 400; a draft made before the deletion is confirmed to status error', async () => {
      const location = await config.create('/locations', locationRequest());
      const draft = await shipments.create(shipmentRequest(shopA, { pickup: { partner_location_id: location.location_id } }), '?draft=true');
      expect(draft.status).toBe(200);
      expect((await config.call('DELETE', `/locations/${location.location_id}`)).body.deleted).toBe(true);
      await app.waitUntilCaughtUp();
      expectShippingError(await shipments.create(shipmentRequest(shopA, { pickup: { partner_location_id: location.location_id } })), 400,
        `pickup.partner_location_id : partner_location_invalid: no location ${location.location_id} for merchant ${shopA}`);
      const confirmed = await shipments.call('POST', `/shipments/${draft.body.shipment_id}/confirm`);
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.post_shipping_info.status).toBe('error');
      expect(confirmed.body.post_shipping_info.error_details).toEqual([expect.objectContaining({
        level: 'ERROR', trigger: 'BOOKING', type: 'VALIDATION', code: 'partner_location_invalid', field: 'pickup.partner_location_id',
      })]);
    });

    it('PATCH and PUT resolve a location too (the shipment\'s merchant when the body names none)', async () => {
      const location = await config.create('/locations', locationRequest({ merchants: [shopA] }));
      const draft = await shipments.create(shipmentRequest(shopA), '?draft=true');
      const patched = await shipments.call('PATCH', `/shipments/${draft.body.shipment_id}`, { pickup: { partner_location_code: location.location_code } });
      expect(patched.status).toBe(200);
      expect(patched.body.pickup).toMatchObject({ partner_location_id: location.location_id, city: location.city });
      const replaced = await shipments.call('PUT', `/shipments/${draft.body.shipment_id}`, shipmentRequest(shopB, {
        references: draft.body.references, pickup: { partner_location_id: location.location_id },
      }));
      expectShippingError(replaced, 400, `pickup.partner_location_id : partner_location_invalid: no location ${location.location_id} for merchant ${shopB}`);
    });
  });

  describe('delivery.delivery_type', () => {
    it('a built-in code, or a configured one allowed for the merchant; others → 400 delivery_type_invalid', async () => {
      const code = freshCode('EVENING');
      await config.create('/delivery-types', { code, merchants: [shopA] });
      const withType = (merchant: string, deliveryType: string) => shipments.create(shipmentRequest(merchant, { delivery: { delivery_type: deliveryType } }), '?draft=true');
      expect((await withType(shopA, 'STANDARD')).status).toBe(200);
      expect((await withType(shopB, 'EXPRESS')).status).toBe(200);
      expect((await withType(shopA, code)).status).toBe(200);
      expectShippingError(await withType(shopB, code), 400, `delivery.delivery_type : delivery_type_invalid: delivery type ${code} is not configured for merchant ${shopB}`);
      expectShippingError(await withType(shopA, 'TELEPORT'), 400, `delivery.delivery_type : delivery_type_invalid: delivery type TELEPORT is not configured for merchant ${shopA}`);
    });
  });

  describe('time slots', () => {
    it('a window naming a slot: a date gets the slot\'s times; a mismatched or unknown slot → 400 time_slot_invalid', async () => {
      const id = freshCode('MORNING');
      await config.create('/time-slots', { time_slot_id: id, from: '09:00', to: '13:00' });
      const filled = await shipments.create(shipmentRequest(shopA, { delivery: { delivery_type: 'STANDARD', scheduled_date: '2026-12-01', time_slot_id: id } }), '?draft=true');
      expect(filled.status).toBe(200);
      expect(filled.body.delivery).toMatchObject({
        delivery_type: 'STANDARD', time_slot_id: id, scheduled_date: '2026-12-01',
        scheduled_from: '2026-12-01T09:00:00.000Z', scheduled_to: '2026-12-01T13:00:00.000Z',
      });
      const matching = await shipments.create(shipmentRequest(shopA, { collection: { scheduled_from: '2026-12-02T09:00:00Z', scheduled_to: '2026-12-02T13:00:00Z', time_slot_id: id } }), '?draft=true');
      expect(matching.status).toBe(200);
      expectShippingError(await shipments.create(shipmentRequest(shopA, {
        collection: { scheduled_from: '2026-12-02T10:00:00Z', scheduled_to: '2026-12-02T13:00:00Z', time_slot_id: id },
      }), '?draft=true'), 400, `collection.time_slot_id : time_slot_invalid: the window does not match time slot ${id} (09:00–13:00 UTC)`);
      expectShippingError(await shipments.create(shipmentRequest(shopA, { delivery: { scheduled_date: '2026-12-01', time_slot_id: 'NOPE' } }), '?draft=true'), 400,
        'delivery.time_slot_id : time_slot_invalid: no time slot NOPE');
    });
  });

  describe('custom_attributes', () => {
    it('free-form while the tenant defines none; then checked against the SHIPMENT definitions the merchant may use', async () => {
      const own = await app.createTenant({ merchants: [shopA, shopB] });
      const ownConfig = configurationClient(app, own);
      const ownShipments = shipmentClient(app, own);
      const withAttributes = (merchant: string, attributes: Record<string, string[]>) =>
        ownShipments.create(shipmentRequest(merchant, { custom_attributes: attributes }), '?draft=true');
      expect((await withAttributes(shopA, { anything: ['goes'] })).status).toBe(200);

      await ownConfig.create('/attributes', { attribute_name: 'size', attribute_type: 'ENUM', allowed_values: ['S', 'M'] });
      await ownConfig.create('/attributes', { attribute_name: 'gift', attribute_type: 'BOOLEAN', merchants: [shopA] });
      await ownConfig.create('/attributes', { attribute_name: 'colour', attribute_type: 'STRING', attribute_entity_type: 'PRODUCT' });
      await app.waitUntilCaughtUp();
      expect((await withAttributes(shopA, { size: ['M'], gift: ['true'] })).status).toBe(200);
      expectShippingError(await withAttributes(shopA, { size: ['XL'], colour: ['red'] }), 400,
        'custom_attributes.size : custom_attribute_value_invalid: custom attribute size (ENUM) does not accept: XL',
        `custom_attributes.colour : custom_attribute_invalid: custom attribute colour is not defined for merchant ${shopA}`);
      expectShippingError(await withAttributes(shopB, { gift: ['true'] }), 400,
        `custom_attributes.gift : custom_attribute_invalid: custom attribute gift is not defined for merchant ${shopB}`);
    });
  });
});
