import { randomUUID } from 'node:crypto';
import { openTestStore, type TestStore } from '@shipledger/testing';
import { shipmentCreator, shipmentStreamId, type CarrierAccountDirectory, type ShipmentServiceLevels } from '@shipledger/shipping';
import { ShipmentReferences } from '../../libs/shipping/src/application/shared/shipment-references';

const meta = { actor: 'client-1', requestId: 'r', correlationId: 'c' };
const noAccounts: CarrierAccountDirectory = { resolve: async () => undefined, chooseByRouting: async () => undefined };

/**
 * A create waits on three independent round trips: routing's rulesets, the service-level rulesets and
 * the reservation of its partner reference. They run side by side (one round trip's wait, not three),
 * and a create whose reads fail gives its reference back and writes no shipment.
 */
describe('create: the reservation beside the reads (PGlite event store)', () => {
  let store: TestStore;
  let references: ShipmentReferences;

  beforeAll(async () => {
    store = await openTestStore('pglite');
    references = new ShipmentReferences(store.eventStore);
  });
  afterAll(() => store?.close());

  const given = (serviceLevels: ShipmentServiceLevels, tenantId = `T${randomUUID().slice(0, 8)}`, reference = `R-${randomUUID()}`) => {
    const create = shipmentCreator(store.eventStore, noAccounts, serviceLevels);
    return { tenantId, reference, create: () => create({ tenantId, draft: true, content: { references: { partner_shipment_reference: reference } } }, meta) };
  };

  it('given service levels that answer only once the reference is reserved, when a draft is created, then it is created', async () => {
    let tenant = '';
    let reference = '';
    // Answers when it sees the reservation, or fails after 3 s: a create that reserved only after its
    // reads would wait on itself and fail here.
    const waitsForTheReservation: ShipmentServiceLevels = {
      async estimate() {
        for (const started = Date.now(); Date.now() - started < 3_000;) {
          if (await references.resolve(tenant, reference)) return undefined;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        throw new Error('the reference was not reserved while the service levels were read');
      },
    };
    const scenario = given(waitsForTheReservation);
    [tenant, reference] = [scenario.tenantId, scenario.reference];
    const created = await scenario.create();
    expect(created.status).toBe('draft');
    expect(await references.resolve(tenant, reference)).toBe(created.shipment_id);
  });

  it('given service levels that fail, when a draft is created, then the create fails, its reference is free and no shipment is written', async () => {
    let shipmentId = '';
    const failing: ShipmentServiceLevels = {
      async estimate(_tenant, shipment) {
        shipmentId = shipment.shipment_id;
        throw new Error('ruleset store unavailable');
      },
    };
    const scenario = given(failing);
    await expect(scenario.create()).rejects.toThrow('ruleset store unavailable');
    expect(await references.resolve(scenario.tenantId, scenario.reference)).toBeUndefined();
    expect(await store.eventStore.readStream(shipmentStreamId(shipmentId))).toEqual([]);
    // Taken back, so the client's retry with the same reference is created.
    const retried = await given({ estimate: async () => undefined }, scenario.tenantId, scenario.reference).create();
    expect(retried.status).toBe('draft');
  });
});
