import { randomUUID } from 'node:crypto';
import { openTestStore, type TestStore } from '@shipledger/testing';
import type { AuthContext } from '@shipledger/platform';
import { RulesetService, RulesetStore } from '../../rulesets';
import { SERVICE_LEVEL_RULESETS } from '../domain/service-level-rule';
import { ShipmentServiceLevelsAdapter } from './shipment-service-levels.adapter';

describe('ShipmentServiceLevelsAdapter on a real event store (pglite)', () => {
  let store: TestStore;
  let rulesets: RulesetService;
  let adapter: ShipmentServiceLevelsAdapter;

  beforeAll(async () => {
    store = await openTestStore('pglite');
    const rulesetStore = new RulesetStore(store.eventStore);
    rulesets = new RulesetService(SERVICE_LEVEL_RULESETS, rulesetStore, { hasMerchant: async () => true });
    adapter = new ShipmentServiceLevelsAdapter(rulesetStore);
  });
  afterAll(() => store?.close());

  const auth = (tenantId: string): AuthContext => ({ tenantId, clientId: 'c', scopes: [], merchants: '*', requestId: 'r', correlationId: 'r' });
  const shipment = (merchant: string) => ({ shipment_id: randomUUID(), content: { merchant, order_date: '2026-11-24T08:00:00.000Z', pickup: { country: 'AE' }, dropoff: { country: 'AE' } } });
  const promise = (days: number) => ({ rule_name: `${days} days`, status: 'ACTIVE' as const, fields: { config_type: 'PROMISED', sla: { duration: { days }, eta_time: '12:00' } } });
  const write = (tenantId: string, merchants: string[], days: number) =>
    rulesets.create(auth(tenantId), { ruleset: { name: 'r', entity_type: 'FORWARD', merchants, countries: ['_ANY'], status: 'ACTIVE' }, rules: [promise(days)] });

  it('no ruleset: nothing (the fields stay absent)', async () => {
    expect(await adapter.estimate(`T-${randomUUID()}`, shipment('SHOP'), '2026-11-24T08:00:00.000Z')).toBeUndefined();
  });

  it('a ruleset written a moment ago applies to the next shipment; one for another merchant does not', async () => {
    const tenant = `T-${randomUUID()}`;
    await write(tenant, ['OTHER'], 1);
    expect(await adapter.estimate(tenant, shipment('SHOP'), '2026-11-24T08:00:00.000Z')).toBeUndefined();
    const written = await write(tenant, ['SHOP'], 2);
    expect(await adapter.estimate(tenant, shipment('SHOP'), '2026-11-24T08:00:00.000Z')).toEqual({
      promised_delivery_date: '2026-11-26T12:00:00.000Z',
      applied: [{ config_type: 'PROMISED', rule_set_id: written.rule_set_id, rule_id: written.rules[0]!.rule_id }],
    });
  });

  it('an inactive ruleset gives nothing', async () => {
    const tenant = `T-${randomUUID()}`;
    const written = await write(tenant, ['SHOP'], 2);
    await rulesets.patch(auth(tenant), written.rule_set_id, { status: 'INACTIVE' });
    expect(await adapter.estimate(tenant, shipment('SHOP'), '2026-11-24T08:00:00.000Z')).toBeUndefined();
  });

  it('conditions are judged by the one evaluator: an EXPRESS rule first, the rest fall through to the next rule', async () => {
    const tenant = `T-${randomUUID()}`;
    const express = { ...promise(1), fields: { ...promise(1).fields, delivery_type: { operator: 'INCLUSION', value: ['EXPRESS'] } } };
    await rulesets.create(auth(tenant), { ruleset: { name: 'r', entity_type: 'FORWARD', merchants: ['_ANY'], countries: ['AE'], status: 'ACTIVE' }, rules: [express, promise(3)] });
    const at = '2026-11-24T08:00:00.000Z';
    const fast = shipment('SHOP');
    const expressShipment = { ...fast, content: { ...fast.content, delivery: { delivery_type: 'express' } } };
    expect((await adapter.estimate(tenant, expressShipment, at))?.promised_delivery_date).toBe('2026-11-25T12:00:00.000Z');
    expect((await adapter.estimate(tenant, shipment('SHOP'), at))?.promised_delivery_date).toBe('2026-11-27T12:00:00.000Z');
    const abroad = shipment('SHOP');
    expect(await adapter.estimate(tenant, { ...abroad, content: { ...abroad.content, dropoff: { country: 'SA' } } }, at)).toBeUndefined();
  });
});
