import { randomUUID } from 'node:crypto';
import type { EventStore } from '@shipledger/event-store';
import type { AllocationRequest } from '@shipledger/ordering';
import { openTestStore, type TestStore } from '../../../../testing/src/test-store';
import { InventoryLedger, type LevelChange } from '../shared/inventory-ledger';
import { InventoryOrderAllocator } from './inventory-order-allocator';

const AT = '2026-11-24T20:00:00.000Z';
const CONTEXT = { requestId: 'r', correlationId: 'r' };

/** The allocator over a store that counts its level reads: readLastEvents calls (ids each) and single-stream reads. */
describe('inventory order allocator: level reads (PGlite)', () => {
  let opened: TestStore;
  let reads: { lastEvents: number[]; streams: number };
  let ledger: InventoryLedger;
  let tenant: string;
  const merchant = 'm-1';
  const locations = ['A', 'B', 'C'];
  const allocator = () => new InventoryOrderAllocator(ledger, {
    locationsForMerchant: async () => locations.map((location_id) => ({ location_id, fields: {} })),
  });

  beforeAll(async () => {
    opened = await openTestStore('pglite');
  });
  afterAll(() => opened.close());

  beforeEach(async () => {
    tenant = `t-${randomUUID()}`;
    reads = { lastEvents: [], streams: 0 };
    const store = opened.eventStore;
    const counting = Object.create(store) as EventStore;
    counting.readLastEvents = (ids) => {
      reads.lastEvents.push(ids.length);
      return store.readLastEvents(ids);
    };
    counting.readStream = (stream, options) => {
      if (stream.startsWith('inventory-level-')) reads.streams += 1;
      return store.readStream(stream, options);
    };
    ledger = new InventoryLedger(counting);
    await ledger.putSettings({
      type: 'PutInventorySettings', tenant_id: tenant, merchant, at: AT, actor: 'test',
      settings: { enabled: true, stock_reduction_timing: 'ON_ORDER_FULFILLED', allow_oversell: false, cancel_unfillable_orders: false, location_priority: locations },
    }, CONTEXT);
  });

  const set = (location_id: string, sku: string, on_hand: number): LevelChange => ({
    type: 'SetOnHand', tenant_id: tenant, location_id, sku, on_hand, cause: { kind: 'manual', operation: 'set' }, at: AT, actor: 'test',
  });

  /** Stock set by another process: the allocator's ledger keeps none of these levels. */
  async function stock(changes: LevelChange[]): Promise<void> {
    await new InventoryLedger(opened.eventStore).apply(changes, CONTEXT);
    reads = { lastEvents: [], streams: 0 };
  }

  const request = (lines: AllocationRequest['lines']): AllocationRequest => ({ tenantId: tenant, merchant, lines, newId: () => randomUUID() });
  const reasons = (allocation: Awaited<ReturnType<InventoryOrderAllocator['allocate']>>) =>
    allocation!.explanation.considered.map((candidate) => [candidate.location_id, candidate.chosen, candidate.reason]);

  it('reads the best ranked location in one call when it fills the order; the others are not read', async () => {
    await stock([set('A', 'X', 2), set('A', 'Y', 1), set('B', 'X', 5), set('B', 'Y', 5)]);
    const allocation = await allocator().allocate(request([{ id: 'L1', sku: 'X', quantity: 2 }, { id: 'L2', sku: 'Y', quantity: 1 }, { id: 'L3', quantity: 1 }]));
    expect(reads).toEqual({ lastEvents: [2], streams: 0 });
    expect(allocation!.fulfillment_orders.map((fo) => [fo.location_id, fo.line_items])).toEqual([
      ['A', [{ id: 'L1', quantity: 2 }, { id: 'L2', quantity: 1 }, { id: 'L3', quantity: 1 }]],
    ]);
    expect(reasons(allocation)).toEqual([
      ['A', true, 'fills the whole order (best ranked of those that can)'],
      ['B', false, 'not read: a better ranked location fills the whole order'],
      ['C', false, 'not read: a better ranked location fills the whole order'],
    ]);
  });

  it('reads every other location in one more call when the best does not fill; the first that fills wins', async () => {
    await stock([set('A', 'X', 1), set('B', 'X', 2), set('B', 'Y', 1), set('C', 'X', 9), set('C', 'Y', 9)]);
    const allocation = await allocator().allocate(request([{ id: 'L1', sku: 'X', quantity: 2 }, { id: 'L2', sku: 'Y', quantity: 1 }]));
    expect(reads).toEqual({ lastEvents: [2, 4], streams: 0 });
    expect(allocation!.fulfillment_orders.map((fo) => fo.location_id)).toEqual(['B']);
    expect(reasons(allocation)).toEqual([
      ['A', false, 'could take 1 of 3 units; not needed by the chosen locations'],
      ['B', true, 'fills the whole order (best ranked of those that can)'],
      ['C', false, 'could fill the whole order but ranks after the chosen location'],
    ]);
  });

  it('splits over the locations read in the two calls, and hands the levels read to the reservations that follow', async () => {
    await stock([set('B', 'X', 2), set('C', 'Y', 1)]);
    const allocation = await allocator().allocate(request([{ id: 'L1', sku: 'X', quantity: 2 }, { id: 'L2', sku: 'Y', quantity: 1 }]));
    expect(allocation!.explanation.strategy).toBe('split');
    expect(allocation!.fulfillment_orders.map((fo) => fo.location_id)).toEqual(['B', 'C']);
    expect(reads).toEqual({ lastEvents: [2, 4], streams: 0 });
    const reserve = (location_id: string, sku: string, units: number): LevelChange => ({
      type: 'MoveStock', tenant_id: tenant, location_id, sku, on_hand_delta: 0, reserved_delta: units, allow_oversell: false,
      cause: { kind: 'order', order_id: 'o-1', fulfillment_order_ids: ['fo-1'], operation: 'create', merchant }, at: AT, actor: 'test',
    });
    const { levels } = await ledger.apply([reserve('B', 'X', 2), reserve('C', 'Y', 1)], CONTEXT);
    expect(levels).toEqual([{ on_hand: 2, reserved: 2 }, { on_hand: 1, reserved: 1 }]);
    expect(reads).toEqual({ lastEvents: [2, 4], streams: 0 });
  });

  it('reads more levels than one call takes in calls of at most 1,000', async () => {
    await stock([set('A', 'X', 3)]);
    const places = Array.from({ length: 1_500 }, (_, index) => ({ location_id: index === 1_234 ? 'A' : `L-${index}`, sku: 'X' }));
    const { levels, cached } = await ledger.levels(tenant, places);
    expect(reads.lastEvents.sort()).toEqual([1_000, 500]);
    expect(cached).toBe(0);
    expect(levels.filter((level) => level.on_hand > 0)).toEqual([{ on_hand: 3, reserved: 0 }]);
    expect(levels[1_234]).toEqual({ on_hand: 3, reserved: 0 });
  });

  describe('with the levels this process keeps', () => {
    const reserve = (location_id: string, sku: string, units: number): LevelChange => ({
      type: 'MoveStock', tenant_id: tenant, location_id, sku, on_hand_delta: 0, reserved_delta: units, allow_oversell: false,
      cause: { kind: 'order', order_id: 'o-1', fulfillment_order_ids: ['fo-1'], operation: 'create', merchant }, at: AT, actor: 'test',
    });
    /** Stock set through the allocator's own ledger: it keeps the levels it appended. */
    async function stockHere(changes: LevelChange[]): Promise<void> {
      await ledger.apply(changes, CONTEXT);
      reads = { lastEvents: [], streams: 0 };
    }

    it('allocates from the kept levels without reading, and reserves at their revisions', async () => {
      await stockHere([set('A', 'X', 1), set('A', 'Y', 0), set('B', 'X', 2), set('B', 'Y', 1), set('C', 'X', 9), set('C', 'Y', 9)]);
      const allocation = await allocator().allocate(request([{ id: 'L1', sku: 'X', quantity: 2 }, { id: 'L2', sku: 'Y', quantity: 1 }]));
      expect(allocation!.fulfillment_orders.map((fo) => fo.location_id)).toEqual(['B']);
      const { levels } = await ledger.apply([reserve('B', 'X', 2), reserve('B', 'Y', 1)], CONTEXT);
      expect(levels).toEqual([{ on_hand: 2, reserved: 2 }, { on_hand: 1, reserved: 1 }]);
      expect(reads).toEqual({ lastEvents: [], streams: 0 });
    });

    it('reads no location ranked after the first the kept levels show filling the order (rule 1 needs none)', async () => {
      await stockHere([set('A', 'X', 0), set('B', 'X', 5)]);
      const allocation = await allocator().allocate(request([{ id: 'L1', sku: 'X', quantity: 2 }]));
      expect(reads).toEqual({ lastEvents: [], streams: 0 });
      expect(reasons(allocation)).toEqual([
        ['A', false, 'none of the ordered units available'],
        ['B', true, 'fills the whole order (best ranked of those that can)'],
        ['C', false, 'not read: a better ranked location fills the whole order'],
      ]);
    });

    it('reads the locations before that one whose levels it does not keep: a better ranked one that fills wins', async () => {
      await stock([set('B', 'X', 3)]);
      await stockHere([set('A', 'X', 0), set('C', 'X', 5)]);
      const allocation = await allocator().allocate(request([{ id: 'L1', sku: 'X', quantity: 2 }]));
      expect(reads).toEqual({ lastEvents: [1], streams: 0 });
      expect(allocation!.fulfillment_orders.map((fo) => fo.location_id)).toEqual(['B']);
    });

    it('leaves nothing unfilled on kept levels: a location restocked by another process is read and chosen', async () => {
      await stockHere([set('A', 'X', 0), set('B', 'X', 0), set('C', 'X', 0)]);
      await stock([set('C', 'X', 4)]);
      const allocation = await allocator().allocate(request([{ id: 'L1', sku: 'X', quantity: 2 }]));
      expect(allocation!.explanation.unfilled).toEqual([]);
      expect(allocation!.fulfillment_orders.map((fo) => fo.location_id)).toEqual(['C']);
      expect(reads.lastEvents).toEqual([1, 2]);
    });

    it('oversells (allow_oversell) on no kept level alone: a location restocked by another process is read and chosen', async () => {
      await ledger.putSettings({
        type: 'PutInventorySettings', tenant_id: tenant, merchant, at: AT, actor: 'test',
        settings: { enabled: true, stock_reduction_timing: 'ON_ORDER_FULFILLED', allow_oversell: true, cancel_unfillable_orders: false, location_priority: locations },
      }, CONTEXT);
      await stockHere([set('A', 'X', 0), set('B', 'X', 0), set('C', 'X', 0)]);
      await stock([set('C', 'X', 4)]);
      const allocation = await allocator().allocate(request([{ id: 'L1', sku: 'X', quantity: 2 }]));
      expect(allocation!.fulfillment_orders.map((fo) => fo.location_id)).toEqual(['C']);
      expect(reads.lastEvents).toEqual([1, 2]);
    });

    it('answers unfilled when the levels read from their streams have no stock either', async () => {
      await stockHere([set('A', 'X', 0), set('B', 'X', 1), set('C', 'X', 0)]);
      const allocation = await allocator().allocate(request([{ id: 'L1', sku: 'X', quantity: 2 }]));
      expect(reads.lastEvents).toEqual([1, 2]);
      expect(allocation!.explanation.unfilled).toEqual([{ id: 'L1', quantity: 1 }]);
    });

    it('refuses a reservation on a kept level another process took: the level is read, and the next allocation goes elsewhere', async () => {
      await stockHere([set('A', 'X', 2), set('B', 'X', 2)]);
      await new InventoryLedger(opened.eventStore).apply([reserve('A', 'X', 2)], CONTEXT);
      const first = await allocator().allocate(request([{ id: 'L1', sku: 'X', quantity: 2 }]));
      expect(first!.fulfillment_orders.map((fo) => fo.location_id)).toEqual(['A']);
      await expect(ledger.apply([reserve('A', 'X', 2)], CONTEXT)).rejects.toMatchObject({ code: 'insufficient_stock' });
      const again = await allocator().allocate(request([{ id: 'L1', sku: 'X', quantity: 2 }]));
      expect(again!.fulfillment_orders.map((fo) => fo.location_id)).toEqual(['B']);
      expect((await ledger.levels(tenant, [{ location_id: 'A', sku: 'X' }], { fresh: true })).levels).toEqual([{ on_hand: 2, reserved: 2 }]);
    });
  });
});
