import { createEventStore, type EventStore } from '@shipledger/event-store';
import { createPgliteDatabase, type PgliteTestDatabase } from '@shipledger/testing';
import { ConfigurationCommandRejected, DECIDERS } from '../../domain';
import { ConfigurationStore } from './configuration.store';

describe('ConfigurationStore: load–decide–append with a per-stream cache', () => {
  let db: PgliteTestDatabase;
  let eventStore: EventStore;
  const meta = { actor: 'test', requestId: 'r', correlationId: 'c' };
  const create = (store: ConfigurationStore, id: string, code: string) => store.handle(DECIDERS.delivery_type, {
    type: 'CreateConfigurationObject', tenant_id: 'T1', id, fields: { code }, at: '2026-11-24T00:00:00.000Z', actor: 'test',
  }, meta);

  beforeAll(async () => {
    db = await createPgliteDatabase();
    eventStore = createEventStore({ database: db.database });
    await eventStore.init();
  });
  afterAll(async () => {
    await eventStore.close();
    await db.drop();
  });

  it('given two processes\' stores, when one appends, then the other\'s next load and decision see it', async () => {
    const [first, second] = [new ConfigurationStore(eventStore), new ConfigurationStore(eventStore)];
    await create(first, 'D1', 'ONE');
    expect(Object.keys((await second.load(DECIDERS.delivery_type, 'T1')).state.objects)).toEqual(['D1']);
    await create(first, 'D2', 'TWO');
    await expect(create(second, 'D3', 'TWO')).rejects.toThrow(ConfigurationCommandRejected);
    const loaded = await second.load(DECIDERS.delivery_type, 'T1');
    expect({ ids: Object.keys(loaded.state.objects), expected: loaded.expected }).toEqual({ ids: ['D1', 'D2'], expected: 1 });
  });

  it('given concurrent creates of one code on two stores, then exactly one is appended', async () => {
    const stores = [new ConfigurationStore(eventStore), new ConfigurationStore(eventStore)];
    const results = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => create(stores[i % 2]!, `R${i}`, 'RACE')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const events = await eventStore.readStream('configuration-delivery-type-T1');
    expect(events.filter((e) => (e.data as { fields: { code: string } }).fields.code === 'RACE')).toHaveLength(1);
  });
});
