import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp, type TestTenant } from '@shipledger/testing';
import { createAccount } from '../carriers/carriers-http';
import { expectShippingError } from './support/expect-error';
import { shipmentRequest } from './support/shipment-requests';

describe('shipping-cost estimates and checkout shipping rates, over HTTPS', () => {
  let app: TestApp;
  const as = (tenant: TestTenant) => (method: string, path: string, body?: unknown) =>
    app.http.request(method, path, { headers: tenant.headers, body });

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  function basket(overrides: Record<string, unknown> = {}) {
    return {
      merchant: 'SHOP',
      entity_type: 'FORWARD',
      payment: { payment_mode: 'CASH_ON_DELIVERY', total_amount: 120, currency: 'AED' },
      pickup: { partner_location_id: `WH-${randomUUID().slice(0, 6)}`, country: 'AE' },
      dropoff: { city: 'Paris', country: 'FR', postcode: '75001' },
      items: [{ sku: 'SKU-1', quantity: 2 }],
      parcels: [{ weight: { value: 1.2, unit: 'kg' } }, { weight: { value: 800, unit: 'g' } }],
      delivery: { delivery_type: 'STANDARD' },
      custom_attributes: { channel: ['web'] },
      ...overrides,
    };
  }

  describe('POST /shipments/{id}/estimate-shipping-cost', () => {
    let tenant: TestTenant;
    let account: any;
    beforeAll(async () => {
      tenant = await app.createTenant();
      account = await createAccount(app, tenant);
    });

    it('prices a draft with its carrier account, records it, and GET shows it', async () => {
      const call = as(tenant);
      const body = shipmentRequest(tenant.merchants[0]!, { carrier_account: { carrier_id: account.carrier_account_id } });
      const draft = await call('POST', '/shipments?draft=true', body);
      expect(draft.status).toBe(200);
      expect(draft.body.estimated_shipping_cost).toBeUndefined();

      const estimated = await call('POST', `/shipments/${draft.body.shipment_id}/estimate-shipping-cost`);
      expect(estimated.status).toBe(200);
      const expected = {
        amount: 6.8,
        currency: 'EUR',
        breakdown: [
          { amount: 5, currency: 'EUR', description: 'Base fee (domestic)' },
          { amount: 1.8, currency: 'EUR', description: 'Chargeable weight 1.2 kg at 1.5 EUR per kg' },
        ],
      };
      expect(estimated.body.estimated_shipping_cost).toEqual(expected);
      expect(estimated.body.post_shipping_info.status).toBe('draft');

      const read = await call('GET', `/shipments/${body.references.partner_shipment_reference}`);
      expect(read.body.estimated_shipping_cost).toEqual(expected);
    });

    it('a draft the carrier refuses answers 400 with the carrier reason and records nothing', async () => {
      const call = as(tenant);
      const refusing = await createAccount(app, tenant, { property: { UNSERVED_COUNTRIES: 'AE' } });
      const draft = await call('POST', '/shipments?draft=true',
        shipmentRequest(tenant.merchants[0]!, { carrier_account: { carrier_id: refusing.carrier_account_id } }));
      const refused = await call('POST', `/shipments/${draft.body.shipment_id}/estimate-shipping-cost`);
      expectShippingError(refused, 400, 'The shipping cost could not be estimated: The carrier does not deliver to AE');
      expect((await call('GET', `/shipments/${draft.body.shipment_id}`)).body.estimated_shipping_cost).toBeUndefined();
    });

    it('refuses a pending and a booked shipment with 400 naming the status', async () => {
      const call = as(tenant);
      // A slow carrier keeps the shipment pending while the estimate is asked for.
      const slow = await createAccount(app, tenant, { property: { BOOKING_LATENCY_MS: '1500', TRACKING_STEP_SECONDS: '600' } });
      const created = await call('POST', '/shipments',
        shipmentRequest(tenant.merchants[0]!, { carrier_account: { carrier_id: slow.carrier_account_id } }));
      expect(created.body.post_shipping_info.status).toBe('pending');
      const id = created.body.shipment_id;
      expectShippingError(await call('POST', `/shipments/${id}/estimate-shipping-cost`), 400,
        'The shipping cost can only be estimated for a draft shipment. Current shipment status: pending.');

      await app.waitUntilCaughtUp();
      expect((await call('GET', `/shipments/${id}`)).body.post_shipping_info.status).toBe('booked');
      expectShippingError(await call('POST', `/shipments/${id}/estimate-shipping-cost`), 400,
        'The shipping cost can only be estimated for a draft shipment. Current shipment status: booked.');
    });

    it('404 for an unknown shipment, and for another tenant\'s', async () => {
      const missing = `shp-${randomUUID()}`;
      expectShippingError(await as(tenant)('POST', `/shipments/${missing}/estimate-shipping-cost`), 404,
        `No shipment found with the shipment id: ${missing}`);
      const draft = await as(tenant)('POST', '/shipments?draft=true', shipmentRequest(tenant.merchants[0]!));
      const other = await app.createTenant();
      expectShippingError(await as(other)('POST', `/shipments/${draft.body.shipment_id}/estimate-shipping-cost`), 404,
        `No shipment found with the shipment id: ${draft.body.shipment_id}`);
    });

    it('needs update:shipments', async () => {
      const reader = await app.createTenant({ scopes: ['read:shipments'] });
      const response = await as(reader)('POST', `/shipments/${randomUUID()}/estimate-shipping-cost`);
      expect(response.status).toBe(403);
    });
  });

  describe('POST /checkout/shipping-rates', () => {
    it('lists every active account of the tenant; a refusing one with its error_details', async () => {
      const tenant = await app.createTenant();
      const pricing = await createAccount(app, tenant, { property: { CURRENCY: 'AED' } });
      const refusing = await createAccount(app, tenant, { property: { UNSERVED_COUNTRIES: 'FR,DE' } });
      await createAccount(app, tenant, { status: 'inactive' });
      const stranger = await app.createTenant();
      await createAccount(app, stranger);

      const response = await as(tenant)('POST', '/checkout/shipping-rates', basket());
      expect(response.status).toBe(200);
      const rates: any[] = response.body.shipping_rates;
      expect(rates.map((rate) => rate.carrier_account_id).sort()).toEqual([pricing.carrier_account_id, refusing.carrier_account_id].sort());

      const priced = rates.find((rate) => rate.carrier_account_id === pricing.carrier_account_id);
      expect(priced).toEqual({
        carrier: 'SANDBOX',
        carrier_account_id: pricing.carrier_account_id,
        carrier_account_name: pricing.carrier_account_name,
        service_name: 'SANDBOX_INTERNATIONAL_STANDARD',
        service_description: 'Sandbox international standard delivery',
        delivery_promise: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        estimated_days: 5,
        estimated_shipping_cost: {
          amount: 25,
          currency: 'AED',
          breakdown: [
            { amount: 15, currency: 'AED', description: 'Base fee (international)' },
            { amount: 8, currency: 'AED', description: 'Chargeable weight 2 kg at 4 AED per kg' },
            { amount: 2, currency: 'AED', description: 'Cash on delivery fee' },
          ],
        },
        error_details: [],
      });
      const refused = rates.find((rate) => rate.carrier_account_id === refusing.carrier_account_id);
      expect(refused.estimated_shipping_cost).toBeUndefined();
      expect(refused.error_details).toEqual([expect.objectContaining({ level: 'ERROR', code: 'country_invalid', field: 'dropoff.country' })]);

      const strangers = await as(stranger)('POST', '/checkout/shipping-rates', basket());
      expect(strangers.body.shipping_rates).toHaveLength(1);
      expect(strangers.body.shipping_rates[0].carrier_account_id).not.toBe(pricing.carrier_account_id);
    });

    it('carrier_accounts limits the rated accounts; another tenant\'s id is never listed', async () => {
      const tenant = await app.createTenant();
      const first = await createAccount(app, tenant);
      await createAccount(app, tenant);
      const foreign = await createAccount(app, await app.createTenant());
      const response = await as(tenant)('POST', '/checkout/shipping-rates', basket({
        carrier_accounts: [{ carrier_id: first.carrier_account_id }, { carrier_id: foreign.carrier_account_id }],
      }));
      expect(response.status).toBe(200);
      expect(response.body.shipping_rates.map((rate: any) => rate.carrier_account_id)).toEqual([first.carrier_account_id]);
    });

    it('400 naming dropoff.country and dropoff.city when they are missing', async () => {
      const tenant = await app.createTenant();
      expectShippingError(await as(tenant)('POST', '/checkout/shipping-rates', basket({ dropoff: { city: 'Paris' } })), 400,
        'dropoff.country : must not be blank');
      expectShippingError(await as(tenant)('POST', '/checkout/shipping-rates', basket({ dropoff: { postcode: '75001', country: ' ' } })), 400,
        'dropoff.city : must not be blank', 'dropoff.country : must not be blank');
      const noDropoff = await as(tenant)('POST', '/checkout/shipping-rates', basket({ dropoff: undefined }));
      expect(noDropoff.status).toBe(400);
      expect(JSON.stringify(noDropoff.body.errors)).toContain('dropoff');
    });

    it('a quote appends nothing and needs only read:shipments', async () => {
      const tenant = await app.createTenant({ scopes: ['read:shipments'] });
      await app.waitUntilCaughtUp();
      const before = await app.eventStore.headPosition();
      const response = await as(tenant)('POST', '/checkout/shipping-rates', basket());
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ shipping_rates: [] });
      expect(await app.eventStore.headPosition()).toEqual(before);
    });
  });
});
