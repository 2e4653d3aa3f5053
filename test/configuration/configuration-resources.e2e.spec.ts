import { startTestApp, type TestApp, type TestTenant } from '@shipledger/testing';
import { clientFor } from '../shipping/support/shipment-requests';
import { expectShippingError } from '../shipping/support/expect-error';
import { configurationClient, freshCode, locationRequest, type ConfigurationClient } from './support/configuration-client';

describe.each([['PGlite', false], ['Postgres', true]])('configuration resources over HTTPS on %s', (_name, postgres) => {
  let app: TestApp;
  let tenant: TestTenant;
  let api: ConfigurationClient;

  beforeAll(async () => {
    app = await startTestApp({ postgres });
    tenant = await app.createTenant({ merchants: ['SHOP-A', 'SHOP-B'] });
    api = configurationClient(app, tenant);
  });
  afterAll(() => app?.close());

  describe('/locations', () => {
    it('POST answers 201 with location_id, the fields, merchants [] and deleted false; GET by id answers the same', async () => {
      const request = locationRequest({ coords: [25.2048, 55.2708], type: 'business' });
      const created = await api.call('POST', '/locations', request);
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        location_id: expect.any(String), ...request, coords: '25.2048,55.2708', merchants: [], deleted: false,
      });
      const got = await api.call('GET', `/locations/${created.body.location_id}`);
      expect(got.status).toBe(200);
      expect(got.body).toEqual(created.body);
    });

    it('coords as a string is kept as the string', async () => {
      const created = await api.create('/locations', locationRequest({ coords: '24.45,54.37' }));
      expect(created.coords).toBe('24.45,54.37');
    });

    it('PUT sets the fields given and clears the others', async () => {
      const created = await api.create('/locations', locationRequest({ address2: 'Gate 4', postcode: '00000', merchants: ['SHOP-A'] }));
      const replacement = locationRequest({ location_name: 'Renamed', city: 'Abu Dhabi' });
      const replaced = await api.call('PUT', `/locations/${created.location_id}`, replacement);
      expect(replaced.status).toBe(200);
      expect(replaced.body).toEqual({ location_id: created.location_id, ...replacement, merchants: [], deleted: false });
      expect((await api.call('GET', `/locations/${created.location_id}`)).body).toEqual(replaced.body);
    });

    it('DELETE answers 200 with deleted true; a later GET answers it deleted, the list leaves it out, PUT is refused', async () => {
      const created = await api.create('/locations', locationRequest());
      const deleted = await api.call('DELETE', `/locations/${created.location_id}`);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ ...created, deleted: true });
      expect((await api.call('GET', `/locations/${created.location_id}`)).body).toEqual({ ...created, deleted: true });
      expect((await api.call('DELETE', `/locations/${created.location_id}`)).body).toEqual({ ...created, deleted: true });
      expectShippingError(await api.call('PUT', `/locations/${created.location_id}`, locationRequest()), 400, `The location ${created.location_id} is deleted.`);
      await app.waitUntilCaughtUp();
      const list = await api.call('GET', '/locations');
      expect(list.body.map((l: any) => l.location_id)).not.toContain(created.location_id);
    });

    it('GET lists the live locations oldest first', async () => {
      const other = await app.createTenant();
      const otherApi = configurationClient(app, other);
      const first = await otherApi.create('/locations', locationRequest());
      const second = await otherApi.create('/locations', locationRequest());
      await app.waitUntilCaughtUp();
      const list = await otherApi.call('GET', '/locations');
      expect(list.status).toBe(200);
      expect(list.body).toEqual([first, second]);
    });

    it('an unknown id, or another tenant\'s location → 404 in the shipping error body', async () => {
      const other = await app.createTenant();
      const theirs = await configurationClient(app, other).create('/locations', locationRequest());
      expectShippingError(await api.call('GET', `/locations/${theirs.location_id}`), 404, `No location found with the location id: ${theirs.location_id}`);
      expectShippingError(await api.call('DELETE', '/locations/nope'), 404, 'No location found with the location id: nope');
    });

    it('names every bad field: missing required ones, bounds, country, coords, type, unknown fields', async () => {
      const response = await api.call('POST', '/locations', {
        location_name: 'x'.repeat(101), contact_phone: 12, country: 'ARE', coords: [95, 10], type: 'shop', colour: 'red',
      });
      expectShippingError(response, 400,
        'colour : should not exist',
        'location_name : must be shorter than or equal to 100 characters',
        'contact_name : must not be blank',
        'contact_phone : must be a string',
        'address1 : must not be blank',
        'city : must not be blank',
        'country : must be a two-letter country code',
        'coords : must be "latitude,longitude" or [latitude, longitude] (latitude -90..90, longitude -180..180)',
        'type : must be one of the following values: business, residential',
      );
    });

    it('location_code is unique per merchant: a duplicate → 400; another merchant may reuse it; a deleted one frees it', async () => {
      const code = freshCode('WH');
      const a = await api.create('/locations', locationRequest({ location_code: code, merchants: ['SHOP-A'] }));
      expectShippingError(await api.call('POST', '/locations', locationRequest({ location_code: code, merchants: ['SHOP-A', 'SHOP-B'] })), 400,
        `Duplicate location location_code: ${code} (merchant SHOP-A)`);
      expectShippingError(await api.call('POST', '/locations', locationRequest({ location_code: code })), 400, `Duplicate location location_code: ${code}`);
      expect((await api.call('POST', '/locations', locationRequest({ location_code: code, merchants: ['SHOP-B'] }))).status).toBe(201);
      await api.call('DELETE', `/locations/${a.location_id}`);
      expect((await api.call('POST', '/locations', locationRequest({ location_code: code, merchants: ['SHOP-A'] }))).status).toBe(201);
    });

    it('concurrent creates of one code: exactly one wins, the others → 400', async () => {
      const code = freshCode('RACE');
      const responses = await Promise.all(Array.from({ length: 8 }, () => api.call('POST', '/locations', locationRequest({ location_code: code }))));
      expect(responses.map((r) => r.status).sort()).toEqual([201, 400, 400, 400, 400, 400, 400, 400]);
      const events = await app.eventStore.readStream(`configuration-location-${tenant.tenantId}`);
      expect(events.filter((e) => e.type === 'LocationCreated' && (e.data as any).fields.location_code === code)).toHaveLength(1);
    });
  });

  describe('/delivery-types and /order-types', () => {
    it.each([
      ['/delivery-types', 'delivery_type_id', 'delivery type'],
      ['/order-types', 'id', 'order type'],
    ])('%s: create 201, get, PUT keeps code and replaces merchants, duplicate code → 400, delete', async (path, idField, noun) => {
      const code = freshCode('T');
      const created = await api.call('POST', path, { code, merchants: ['SHOP-A'] });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({ [idField]: expect.any(String), code, merchants: ['SHOP-A'], deleted: false });
      const id = created.body[idField];
      expectShippingError(await api.call('POST', path, { code }), 400, `Duplicate ${noun} code: ${code}`);
      const replaced = await api.call('PUT', `${path}/${id}`, { code: 'SOMETHING_ELSE' });
      expect(replaced.body).toEqual({ [idField]: id, code, merchants: [], deleted: false });
      expectShippingError(await api.call('POST', path, { code: '  ' }), 400, 'code : must not be blank');
      expectShippingError(await api.call('POST', path, { code: 'x'.repeat(51) }), 400, 'code : must be shorter than or equal to 50 characters');
      const deleted = await api.call('DELETE', `${path}/${id}`);
      expect(deleted.body).toEqual({ [idField]: id, code, merchants: [], deleted: true });
      expect((await api.call('GET', `${path}/${id}`)).body.deleted).toBe(true);
    });

    it('order types are listed newest first', async () => {
      const other = await app.createTenant();
      const otherApi = configurationClient(app, other);
      const first = await otherApi.create('/order-types', { code: 'B2C' });
      const second = await otherApi.create('/order-types', { code: 'B2B' });
      await app.waitUntilCaughtUp();
      expect((await otherApi.call('GET', '/order-types')).body).toEqual([second, first]);
    });
  });

  describe('/time-slots', () => {
    it('HH:MM from 00:00 to 23:59, from before to; a client-chosen time_slot_id is kept', async () => {
      const id = freshCode('SLOT');
      const created = await api.call('POST', '/time-slots', { time_slot_id: id, from: '09:00', to: '13:30' });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({ time_slot_id: id, from: '09:00', to: '13:30', deleted: false });
      expectShippingError(await api.call('POST', '/time-slots', { time_slot_id: id, from: '14:00', to: '18:00' }), 400, `A time slot with the id ${id} already exists.`);
      expectShippingError(await api.call('POST', '/time-slots', { from: '24:00', to: '9:00' }), 400,
        'from : must be a time HH:MM between 00:00 and 23:59', 'to : must be a time HH:MM between 00:00 and 23:59');
      expectShippingError(await api.call('POST', '/time-slots', { from: '18:00', to: '09:00' }), 400, 'to : must be after from (18:00)');
      const replaced = await api.call('PUT', `/time-slots/${id}`, { from: '00:00', to: '23:59' });
      expect(replaced.body).toEqual({ time_slot_id: id, from: '00:00', to: '23:59', deleted: false });
    });
  });

  describe('/attributes', () => {
    it('ENUM needs allowed_values, the entity type defaults to SHIPMENT, a name is unique per entity type', async () => {
      const name = freshCode('attr');
      expectShippingError(await api.call('POST', '/attributes', { attribute_name: name, attribute_type: 'ENUM' }), 400,
        'allowed_values : must list the values of an ENUM attribute');
      expectShippingError(await api.call('POST', '/attributes', { attribute_name: name, attribute_type: 'TEXT' }), 400,
        'attribute_type : must be one of STRING, NUMBER, ENUM, BOOLEAN, MAP');
      const created = await api.call('POST', '/attributes', { attribute_name: name, attribute_type: 'ENUM', allowed_values: ['red', 'blue'] });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        custom_attribute_id: expect.any(String), attribute_name: name, attribute_type: 'ENUM', attribute_entity_type: 'SHIPMENT',
        allowed_values: ['red', 'blue'], merchants: [], deleted: false,
      });
      expectShippingError(await api.call('POST', '/attributes', { attribute_name: name, attribute_type: 'STRING' }), 400,
        `Duplicate custom attribute attribute_name: ${name}`);
      expect((await api.call('POST', '/attributes', { attribute_name: name, attribute_type: 'STRING', attribute_entity_type: 'PRODUCT' })).status).toBe(201);
    });
  });

  it('the OpenAPI document describes every operation with its request and response schemas', async () => {
    const doc = (await app.http.request('GET', '/docs/openapi.json')).body;
    for (const [collection, item] of [
      ['/locations', '/locations/{locationId}'], ['/delivery-types', '/delivery-types/{deliveryTypeId}'],
      ['/order-types', '/order-types/{orderTypeId}'], ['/time-slots', '/time-slots/{timeSlotId}'], ['/attributes', '/attributes/{attributeId}'],
    ]) {
      expect(Object.keys(doc.paths[collection!] ?? {}).sort()).toEqual(['get', 'post']);
      expect(Object.keys(doc.paths[item!] ?? {}).sort()).toEqual(['delete', 'get', 'put']);
    }
    expect(doc.components.schemas.LocationRequestDto.required).toEqual(expect.arrayContaining(['location_name', 'contact_name', 'contact_phone', 'address1', 'city', 'country']));
    expect(Object.keys(doc.components.schemas.TimeSlotRequestDto.properties)).toEqual(['time_slot_id', 'from', 'to', 'deleted']);
    expect(doc.components.schemas.AttributeResponseDto.properties.attribute_type.enum).toEqual(['STRING', 'NUMBER', 'ENUM', 'BOOLEAN', 'MAP']);
  });

  describe('scopes and merchants', () => {
    it('each operation needs its :configuration scope', async () => {
      const readOnly = await app.createTenant({ scopes: ['read:configuration'] });
      const client = configurationClient(app, readOnly);
      expect((await client.call('GET', '/locations')).status).toBe(200);
      expect((await client.call('POST', '/locations', locationRequest())).status).toBe(403);
      const writer = await app.createTenant({ scopes: ['read:configuration', 'create:configuration', 'update:configuration'] });
      const created = await configurationClient(app, writer).create('/delivery-types', { code: 'X' });
      expect((await configurationClient(app, writer).call('DELETE', `/delivery-types/${created.delivery_type_id}`)).status).toBe(403);
    });

    it('merchants must be the tenant\'s own', async () => {
      expectShippingError(await api.call('POST', '/order-types', { code: freshCode('O'), merchants: ['SHOP-A', 'NOPE-1', 'NOPE-2'] }), 400,
        'merchants : unknown merchants NOPE-1, NOPE-2');
    });

    it('a client limited to a merchant sees objects its merchant may use and writes only objects restricted to it', async () => {
      const forB = await api.create('/delivery-types', { code: freshCode('B'), merchants: ['SHOP-B'] });
      const open = await api.create('/delivery-types', { code: freshCode('ALL') });
      const limited = configurationClient(app, await clientFor(app, tenant, ['SHOP-A']));
      expect((await limited.call('GET', `/delivery-types/${forB.delivery_type_id}`)).status).toBe(404);
      expect((await limited.call('GET', `/delivery-types/${open.delivery_type_id}`)).status).toBe(200);
      expect((await limited.call('DELETE', `/delivery-types/${open.delivery_type_id}`)).status).toBe(403);
      expect((await limited.call('POST', '/delivery-types', { code: freshCode('X'), merchants: ['SHOP-B'] })).status).toBe(403);
      expect((await limited.call('POST', '/delivery-types', { code: freshCode('X'), merchants: ['SHOP-A'] })).status).toBe(201);
      await app.waitUntilCaughtUp();
      const listed = (await limited.call('GET', '/delivery-types')).body.map((d: any) => d.delivery_type_id);
      expect(listed).toContain(open.delivery_type_id);
      expect(listed).not.toContain(forB.delivery_type_id);
    });
  });
});
