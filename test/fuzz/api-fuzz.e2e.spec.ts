import fc from 'fast-check';
import { migrateReadModels } from '@shipledger/projections';
import { allProjectors } from '../../apps/worker/src/registry';
import { startTestApp, type OpenApiDocument, type TestApp, type TestResponse, type TestTenant } from '@shipledger/testing';
import { orderRequest } from '../ordering/order-requests';
import { createCarrierAccount, shipmentRequest } from '../shipping/support/shipment-requests';
import { encode, mutationOf, type Mutation } from './mutations';
import { automationRulesetBody, serviceLevelRulesetBody, VALID_REQUESTS, type FuzzFixture, type ValidRequest } from './valid-requests';

/**
 * Issue 10.5: for every operation of the served OpenAPI document, mutations of a valid request
 * (fast-check) never answer 5xx, and a 4xx appends nothing to the event store. FUZZ_RUNS (runs per
 * operation, default 10) and FUZZ_SEED (default fixed) make longer or different runs:
 * `FUZZ_RUNS=200 FUZZ_SEED=$RANDOM npx jest test/fuzz`. A failure prints the seed and the request.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

describe('API fuzz: every operation of the OpenAPI document', () => {
  let app: TestApp;
  let a: TestTenant;
  let b: TestTenant;
  let operator: TestTenant;
  let fixture: FuzzFixture;
  let otherIds: Record<string, string>;
  let operations: Array<{ key: string; method: string; template: string }>;

  beforeAll(async () => {
    // No worker: nothing but the request under test may append, so "nothing appended" is exact. The
    // read-model tables the queries use exist all the same (as in an API process without a worker).
    app = await startTestApp({ worker: false });
    await migrateReadModels(app.database.kysely, allProjectors());
    [a, b, operator] = [
      await app.createTenant({ rateLimitPerMinute: 1_000_000 }),
      await app.createTenant({ rateLimitPerMinute: 1_000_000 }),
      await app.createTenant({ rateLimitPerMinute: 1_000_000 }),
    ];
    const document = (await app.http.request('GET', '/docs/openapi.json')).body as OpenApiDocument;
    operations = Object.entries(document.paths).flatMap(([template, ops]) =>
      METHODS.filter((m) => ops[m]).map((m) => ({ key: `${m.toUpperCase()} ${template}`, method: m.toUpperCase(), template })));
    const idsOf = async (tenant: TestTenant, tag: string): Promise<Record<string, string>> => {
      const shipment = await app.http.request('POST', '/shipments?draft=true', { headers: tenant.headers, body: shipmentRequest(tenant.merchants[0]) });
      const account = await createCarrierAccount(app, tenant);
      const setting = await app.http.request('POST', '/document-settings', { headers: tenant.headers, body: { document_name: `Invoice ${tag}` } });
      const ids: Record<string, string> = {
        shipment_id: shipment.body.shipment_id, shipmentId: shipment.body.shipment_id, carrierAccountId: account.carrier_account_id,
        document_id: setting.body.document_id, document_identifier: `Invoice ${tag}`, kind: 'awb',
        merchant: tenant.merchants[0]!, sku: 'SKU-A',
      };
      for (const [path, param] of [['/locations', 'locationId'], ['/delivery-types', 'deliveryTypeId'], ['/order-types', 'orderTypeId'],
        ['/time-slots', 'timeSlotId'], ['/attributes', 'attributeId'], ['/webhooks', 'webhookId']] as const) {
        const created = await app.http.request('POST', path, { headers: tenant.headers, body: (VALID_REQUESTS[`POST ${path}`]({ merchant: tenant.merchants[0] } as FuzzFixture)).body });
        ids[param] = String(Object.values(created.body as Record<string, unknown>)[0]);
      }
      const ruleset = await app.http.request('POST', '/automation-rulesets', { headers: tenant.headers, body: automationRulesetBody(tenant.merchants[0]) });
      ids.rulesetId = ruleset.body.automation_rule_set.rule_set_id;
      ids.ruleId = ruleset.body.automation_rules[0].rule_id;
      const inbox = await app.http.request('GET', '/sandbox/webhook-inbox', { headers: tenant.headers });
      ids.inboxId = String(inbox.body.inbox_url).split('/').pop()!;
      const serviceLevels = await app.http.request('POST', '/service-level-rulesets', { headers: tenant.headers, body: serviceLevelRulesetBody(tenant.merchants[0]) });
      ids.serviceLevelRulesetId = serviceLevels.body.service_level_rule_set.rule_set_id;
      ids.serviceLevelRuleId = serviceLevels.body.service_level_rules[0].rule_id;
      const order = await app.http.request('POST', '/orders', { headers: tenant.headers, body: orderRequest(tenant.merchants[0]) });
      ids.reference = order.body.order_id;
      ids.fulfillmentOrderId = order.body.fulfillment_orders?.[0]?.fulfillment_order_id ?? 'none';
      return ids;
    };
    fixture = {
      ids: { ...(await idsOf(a, 'A')), tenantId: operator.tenantId, clientId: operator.clientId },
      merchant: a.merchants[0], clientId: a.clientId, clientSecret: a.clientSecret, documentName: 'Invoice A',
    };
    otherIds = { ...(await idsOf(b, 'B')), tenantId: b.tenantId, clientId: b.clientId };
  });
  afterAll(() => app?.close());

  it('has a valid request for every operation (a new route must add one in valid-requests.ts)', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.map((o) => o.key).filter((key) => !VALID_REQUESTS[key])).toEqual([]);
  });

  it(`never answers 5xx and appends nothing after a 4xx (${RUNS} runs per operation, seed ${SEED})`, async () => {
    let sent = 0;
    for (const [index, operation] of operations.entries()) {
      const valid = VALID_REQUESTS[operation.key];
      if (!valid) continue;
      await fc.assert(
        fc.asyncProperty(mutationOf(valid(fixture)), async (mutation) => {
          const request = apply(valid(fixture), mutation);
          const before = await app.eventStore.headPosition();
          let response: TestResponse;
          try {
            response = await send(operation, request, mutation);
          } catch (error) {
            throw new Error(`${operation.key} ${JSON.stringify(mutation).slice(0, 300)}: ${(error as Error).message}`);
          }
          sent++;
          if (response.status >= 500) throw new Error(`${operation.key} answered ${response.status}: ${response.text.slice(0, 300)}`);
          if (response.status >= 400) expect({ operation: operation.key, appended: (await app.eventStore.headPosition()) !== before }).toEqual({ operation: operation.key, appended: false });
        }),
        { numRuns: RUNS, seed: SEED + index, endOnFailure: true },
      );
    }
    expect(sent).toBeGreaterThanOrEqual(operations.length * RUNS);
  }, 600_000);

  function apply(valid: ValidRequest, mutation: Mutation): ValidRequest {
    if (mutation.target !== 'body') return valid;
    return { ...valid, body: mutation.apply(valid.body) };
  }

  async function send(operation: { method: string; template: string }, request: ValidRequest, mutation: Mutation): Promise<TestResponse> {
    const ids = mutation.target === 'other-tenant' ? otherIds : fixture.ids;
    const paramNames = [...operation.template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    const mutatedParam = mutation.target === 'path' ? paramNames[mutation.index % Math.max(paramNames.length, 1)] : undefined;
    const paramValue = mutation.target === 'path' ? encode(mutation.value) : '';
    const path = operation.template.replace(/\{([^}]+)\}/g, (_all, name: string) => (name === mutatedParam ? paramValue : encodeURIComponent(ids[name] ?? 'x')));
    const query = { ...(request.query ?? {}) };
    const queryNames = Object.keys(query);
    let queryText = Object.entries(query).map(([k, v]) => `${k}=${encodeURIComponent(v)}`);
    if (mutation.target === 'query') {
      const name = queryNames.length ? queryNames[mutation.index % queryNames.length] : 'extra';
      queryText = [...queryText.filter((part) => !part.startsWith(`${name}=`)), `${name}=${encode(mutation.value)}`];
    }
    const credentials = request.credentials === 'tenant' ? a.headers : request.credentials === 'admin' ? app.adminHeaders : {};
    const url = `${path}${queryText.length ? `?${queryText.join('&')}` : ''}`;
    const headers = { ...credentials, ...(request.headers ?? {}) };
    if (mutation.target === 'body' && mutation.raw !== undefined) {
      return app.http.request(operation.method, url, { headers: { ...headers, 'content-type': 'application/json' }, rawBody: mutation.raw });
    }
    return app.http.request(operation.method, url, { headers, body: request.body });
  }
});
