import { startTestApp, type TestApp } from '@shipledger/testing';

/** Issue 11.9: the served OpenAPI document is complete and truthful. */
describe('the OpenAPI document', () => {
  let app: TestApp;
  let doc: any;
  beforeAll(async () => {
    app = await startTestApp({ worker: false });
    doc = (await app.http.request('GET', '/docs/openapi.json')).body;
  });
  afterAll(() => app?.close());

  it('declares the three credentials as one requirement (all required together), and none on public routes', () => {
    expect(doc.security).toEqual([{ bearer: [], 'api-key': [], 'tenant-id': [] }]);
    expect(doc.paths['/oauth/token'].post.security).toEqual([]);
    expect(doc.paths['/health'].get.security).toEqual([]);
    expect(doc.paths['/shipments'].post.security).toBeUndefined();
  });

  it('promises nothing the service does not serve', () => {
    expect(doc.info.title).toBe('Shipledger API');
    expect(`${doc.info.title} ${doc.info.description}`).not.toMatch(/orders/i);
  });

  it('gives the carrier-account operations request and response schemas', () => {
    const accounts = doc.paths['/carrier-accounts'];
    expect(accounts.post.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/CarrierAccountRequestBodyDto' });
    expect(accounts.post.responses['201'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/CarrierAccountResponseDto' });
    expect(accounts.get.responses['200'].content['application/json'].schema).toEqual({ type: 'array', items: { $ref: '#/components/schemas/CarrierAccountResponseDto' } });
    expect(doc.paths['/carrier-accounts/{carrierAccountId}'].put.requestBody).toBeDefined();
    expect(doc.components.schemas.CarrierAccountRequestBodyDto.required).toEqual(['carrier_account_name', 'carrier']);
  });

  it('marks optional query parameters optional', () => {
    const optional = (path: string, method: string, name: string) =>
      doc.paths[path][method].parameters.find((p: any) => p.in === 'query' && p.name === name)?.required;
    expect(optional('/carrier-accounts', 'get', 'status')).toBe(false);
    expect(optional('/shipments', 'post', 'draft')).toBe(false);
    // Only the bulk status query (and its refresh, which takes the same query) requires a parameter.
    const required: string[] = [];
    for (const [path, ops] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(ops)) {
        for (const p of (op.parameters ?? []).filter((x: any) => x.in === 'query' && x.required)) required.push(`${method} ${path} ${p.name}`);
      }
    }
    expect(required.sort()).toEqual(['get /shipments/bulk/status shipment_id', 'post /shipments/bulk/status/refresh shipment_id']);
  });

  it('documents the order reports: their filters without carrier_account, their JSON rows, and CSV', () => {
    for (const [path, model] of [['/reports/orders-per-status', 'OrdersPerStatusReportDto'], ['/reports/order-to-shipment', 'OrderToShipmentReportDto']]) {
      const op = doc.paths[path].get;
      expect(op.tags).toEqual(['reports']);
      expect(op.parameters.filter((p: any) => p.in === 'query').map((p: any) => p.name).sort()).toEqual(['from', 'merchant', 'time_zone', 'to']);
      expect(op.responses['200'].content['application/json'].schema).toEqual({ $ref: `#/components/schemas/${model}` });
      expect(op.responses['200'].content['text/csv'].schema).toEqual({ type: 'string' });
    }
    expect(Object.keys(doc.components.schemas.OrdersPerStatusRowDto.properties)).toEqual(
      ['date', 'merchant', 'created', 'open', 'partially_allocated', 'allocated', 'partially_fulfilled', 'fulfilled', 'closed', 'cancelled']);
    expect(doc.components.schemas.OrderToShipmentRowDto.properties.p50).toMatchObject({ type: 'number', nullable: true });
    expect(doc.paths['/reports/lead-times'].get.parameters.map((p: any) => p.name)).toContain('carrier_account');
  });

  it('lists the required fields of request bodies', () => {
    expect(doc.components.schemas.FullShipmentRequestDto.required).toEqual(expect.arrayContaining(['merchant', 'references']));
    expect(doc.components.schemas.ShipmentRequestDto.required ?? []).toEqual([]);
    expect(doc.components.schemas.UpdateStatusDto.required).toEqual(['new_status']);
  });
});
