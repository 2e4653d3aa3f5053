import { randomUUID } from 'node:crypto';
import type { EventStore } from '@shipledger/event-store';
import { DATABASE_KINDS } from '../../../../testing/src/test-database';
import { openTestStore, type TestStore } from '../../../../testing/src/test-store';
import { InventoryRejected, levelStreamId, type InventoryCause } from '../../domain';
import { InventoryLedger, type LevelChange } from './inventory-ledger';

const AT = '2026-11-24T20:00:00.000Z';
const CONTEXT = { requestId: 'r', correlationId: 'r' };
const ORDER: InventoryCause = { kind: 'order', order_id: 'o-1', fulfillment_order_ids: ['fo-1'], operation: 'create', merchant: 'm-1' };

interface Reads {
  lastEvents: number[];
  streams: number;
}

/** `store` with its readLastEvents (ids per call) and readStream calls counted into what `reads()` answers then. */
function countingReads(store: EventStore, reads: () => Reads): EventStore {
  const counting = Object.create(store) as EventStore;
  counting.readLastEvents = (ids) => {
    reads().lastEvents.push(ids.length);
    return store.readLastEvents(ids);
  };
  counting.readStream = (stream, options) => {
    reads().streams += 1;
    return store.readStream(stream, options);
  };
  return counting;
}

/** The transaction part of a SQL position: appends that shared a commit share it. */
const transactionOf = (position: string) => position.split('-')[0];

describe.each(DATABASE_KINDS)('inventory ledger: applying the changes of several levels (%s)', (kind) => {
  let opened: TestStore;
  let store: EventStore;
  let reads: Reads;
  let ledger: InventoryLedger;
  let tenant: string;

  beforeAll(async () => {
    opened = await openTestStore(kind);
  });
  afterAll(() => opened.close());

  beforeEach(() => {
    tenant = `t-${randomUUID()}`;
    reads = { lastEvents: [], streams: 0 };
    store = opened.eventStore;
    ledger = new InventoryLedger(countingReads(store, () => reads));
  });

  const stamp = (location_id: string, sku: string) => ({ tenant_id: tenant, location_id, sku, at: AT, actor: 'test' });
  const set = (location_id: string, sku: string, on_hand: number): LevelChange => ({
    type: 'SetOnHand', ...stamp(location_id, sku), on_hand, cause: { kind: 'manual', operation: 'set' },
  });
  const adjust = (location_id: string, sku: string, delta: number): LevelChange => ({
    type: 'AdjustOnHand', ...stamp(location_id, sku), delta, cause: { kind: 'manual', operation: 'adjust', reason: 'count' },
  });
  const reserve = (location_id: string, sku: string, units: number): LevelChange => ({
    type: 'MoveStock', ...stamp(location_id, sku), on_hand_delta: 0, reserved_delta: units, allow_oversell: false, cause: ORDER,
  });
  const history = async (location_id: string, sku: string) =>
    (await store.readStream(levelStreamId(tenant, location_id, sku))).map((event) => [event.type, (event.data as { cause: InventoryCause }).cause]);
  const refusal = (attempt: Promise<unknown>) => attempt.then(() => undefined, (error: unknown) => error);

  it('appends the changes of distinct levels in one commit, reading the levels it does not keep in one call', async () => {
    await new InventoryLedger(store).apply([set('A', 'X', 3), set('A', 'Y', 1)], CONTEXT);
    reads = { lastEvents: [], streams: 0 };
    const { levels } = await ledger.apply([reserve('A', 'X', 2), reserve('A', 'Y', 1)], CONTEXT);
    expect(levels).toEqual([{ on_hand: 3, reserved: 2 }, { on_hand: 1, reserved: 1 }]);
    expect(reads).toEqual({ lastEvents: [2], streams: 0 });
    const lasts = await store.readLastEvents([levelStreamId(tenant, 'A', 'X'), levelStreamId(tenant, 'A', 'Y')]);
    const [x, y] = [...lasts.values()].map((event) => transactionOf(event.position));
    expect(x).toBe(y);
  });

  it('keeps the changes of one level in their order', async () => {
    const { levels } = await ledger.apply([set('A', 'X', 1), adjust('A', 'X', 4), set('B', 'X', 2), adjust('A', 'X', -2)], CONTEXT);
    expect(levels).toEqual([{ on_hand: 1, reserved: 0 }, { on_hand: 5, reserved: 0 }, { on_hand: 2, reserved: 0 }, { on_hand: 3, reserved: 0 }]);
    expect((await store.readStream(levelStreamId(tenant, 'A', 'X'))).map((event) => (event.data as { on_hand: number }).on_hand)).toEqual([1, 5, 3]);
  });

  it('undoes every change applied when one is refused, and throws the first refusal in the changes\' order', async () => {
    await ledger.apply([set('A', 'X', 1), set('A', 'Y', 1), set('B', 'X', 1), set('B', 'Y', 0)], CONTEXT);
    const error = await refusal(ledger.apply([reserve('A', 'X', 1), reserve('A', 'Y', 5), reserve('B', 'X', 1), reserve('B', 'Y', 1)], CONTEXT));
    expect(error).toBeInstanceOf(InventoryRejected);
    expect(error).toMatchObject({ code: 'insufficient_stock', message: expect.stringContaining('SKU Y at location A') });
    const compensation = { ...ORDER, operation: 'compensation' };
    for (const [location, sku] of [['A', 'X'], ['B', 'X']] as const) {
      expect(await history(location, sku)).toEqual([
        ['InventoryOnHandSet', { kind: 'manual', operation: 'set' }], ['InventoryReserved', ORDER], ['InventoryReleased', compensation],
      ]);
    }
    for (const [location, sku] of [['A', 'Y'], ['B', 'Y']] as const) expect(await history(location, sku)).toHaveLength(1);
    const { levels } = await ledger.levels(tenant, [{ location_id: 'A', sku: 'X' }, { location_id: 'B', sku: 'X' }], { fresh: true });
    expect(levels).toEqual([{ on_hand: 1, reserved: 0 }, { on_hand: 1, reserved: 0 }]);
  });

  it('keeps the levels it appended: the next changes and reads of them read nothing', async () => {
    await ledger.apply([set('A', 'X', 3)], CONTEXT);
    reads = { lastEvents: [], streams: 0 };
    await ledger.apply([reserve('A', 'X', 1)], CONTEXT);
    expect(await ledger.levels(tenant, [{ location_id: 'A', sku: 'X' }])).toEqual({ levels: [{ on_hand: 3, reserved: 1 }], cached: 1 });
    expect(reads).toEqual({ lastEvents: [], streams: 0 });
    expect(await ledger.levels(tenant, [{ location_id: 'A', sku: 'X' }], { fresh: true })).toEqual({ levels: [{ on_hand: 3, reserved: 1 }], cached: 0 });
    expect(reads.lastEvents).toEqual([1]);
  });

  it('never oversells on a kept level another process changed: the append misses its revision, the level is read and the change refused', async () => {
    await ledger.apply([set('A', 'X', 2)], CONTEXT);
    await new InventoryLedger(store).apply([reserve('A', 'X', 2)], CONTEXT);
    reads = { lastEvents: [], streams: 0 };
    const error = await refusal(ledger.apply([reserve('A', 'X', 1)], CONTEXT));
    expect(error).toMatchObject({ code: 'insufficient_stock' });
    expect(reads).toEqual({ lastEvents: [1], streams: 0 });
    expect((await history('A', 'X')).map(([type]) => type)).toEqual(['InventoryOnHandSet', 'InventoryReserved']);
    expect((await ledger.levels(tenant, [{ location_id: 'A', sku: 'X' }])).levels).toEqual([{ on_hand: 2, reserved: 2 }]);
  });

  it('refuses nothing on a kept level alone: stock another process added is read before a refusal', async () => {
    await ledger.apply([set('A', 'X', 0)], CONTEXT);
    await new InventoryLedger(store).apply([adjust('A', 'X', 5)], CONTEXT);
    reads = { lastEvents: [], streams: 0 };
    const { levels } = await ledger.apply([reserve('A', 'X', 4)], CONTEXT);
    expect(levels).toEqual([{ on_hand: 5, reserved: 4 }]);
    expect(reads).toEqual({ lastEvents: [1], streams: 0 });
  });

  it('takes 64 levels at a time: a refusal in the first wave leaves the later changes unapplied', async () => {
    const skus = Array.from({ length: 130 }, (_, index) => `S-${index}`);
    const { levels } = await ledger.apply(skus.map((sku) => set('A', sku, 1)), CONTEXT);
    expect(levels).toEqual(skus.map(() => ({ on_hand: 1, reserved: 0 })));
    expect(reads.lastEvents).toEqual([64, 64, 2]);
    const changes = skus.map((sku, index) => reserve('A', sku, index === 10 ? 2 : 1));
    await expect(ledger.apply(changes, CONTEXT)).rejects.toMatchObject({ code: 'insufficient_stock' });
    expect(await history('A', 'S-0')).toHaveLength(3);
    expect(await history('A', 'S-10')).toHaveLength(1);
    expect(await history('A', 'S-64')).toHaveLength(1);
    expect(await history('A', 'S-129')).toHaveLength(1);
  });
});

describe.each(DATABASE_KINDS)('inventory ledger: a merchant\'s settings (%s)', (kind) => {
  let opened: TestStore;
  let reads: Reads;
  let ledger: InventoryLedger;
  let tenant: string;

  beforeAll(async () => {
    opened = await openTestStore(kind);
  });
  afterAll(() => opened.close());

  beforeEach(() => {
    tenant = `t-${randomUUID()}`;
    reads = { lastEvents: [], streams: 0 };
    ledger = new InventoryLedger(countingReads(opened.eventStore, () => reads));
  });
  afterEach(() => jest.restoreAllMocks());

  const settings = (enabled: boolean, allow_oversell = false) =>
    ({ enabled, stock_reduction_timing: 'ON_ORDER_FULFILLED' as const, allow_oversell, cancel_unfillable_orders: false, location_priority: [] });
  const put = (on: InventoryLedger, value: ReturnType<typeof settings>) =>
    on.putSettings({ type: 'PutInventorySettings', tenant_id: tenant, merchant: 'm-1', settings: value, at: AT, actor: 'test' }, CONTEXT);

  it('reads the stream once for the calls of a second; a PUT in this process is seen by the next call', async () => {
    await put(ledger, settings(true));
    reads = { lastEvents: [], streams: 0 };
    for (let call = 0; call < 3; call++) expect(await ledger.settings(tenant, 'm-1')).toEqual(settings(true));
    expect(reads.streams).toBe(1);

    await put(ledger, settings(true, true));
    expect(await ledger.settings(tenant, 'm-1')).toEqual(settings(true, true));
  });

  it('sees a PUT made by another process within a second', async () => {
    const other = new InventoryLedger(opened.eventStore);
    await put(other, settings(true));
    expect(await ledger.settings(tenant, 'm-1')).toEqual(settings(true));
    await put(other, settings(false));
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + 1_001);
    expect(await ledger.settings(tenant, 'm-1')).toEqual(settings(false));
  });

  it('keeps no settings read before a PUT of this process ended', async () => {
    await put(ledger, settings(true));
    const [read] = await Promise.all([ledger.settings(tenant, 'm-1'), put(ledger, settings(false))]);
    expect([settings(true), settings(false)]).toContainEqual(read);
    expect(await ledger.settings(tenant, 'm-1')).toEqual(settings(false));
  });
});
