import { allocate, type AllocationInput } from './allocate';

/** Stock as `location: {sku: available}`. */
type Stock = Record<string, Record<string, number>>;

function input(stock: Stock, lines: AllocationInput['lines'], extra: Partial<AllocationInput> = {}): AllocationInput {
  return {
    lines,
    locations: Object.keys(stock).map((location_id) => ({ location_id })),
    priority: [],
    available: (location, sku) => stock[location]?.[sku] ?? 0,
    allow_oversell: false,
    ...extra,
  };
}

const placed = (result: ReturnType<typeof allocate>) => Object.fromEntries(result.placements.map((p) => [p.location_id, p.line_items]));

describe('allocate: the automatic allocation rules', () => {
  it.each([
    ['one location fills the whole order: the best ranked of those that can', { L1: { X: 1 }, L2: { X: 5, Y: 1 }, L3: { X: 5, Y: 1 } },
      [{ id: 'a', sku: 'X', quantity: 2 }, { id: 'b', sku: 'Y', quantity: 1 }], {}, { L2: [{ id: 'a', quantity: 2 }, { id: 'b', quantity: 1 }] }, [], 'single_location'],
    ['no single location: the fewest that fill it together', { L1: { X: 2 }, L2: { Y: 1 }, L3: { X: 1 }, L4: { X: 1, Y: 1 } },
      [{ id: 'a', sku: 'X', quantity: 3 }, { id: 'b', sku: 'Y', quantity: 1 }], {},
      { L1: [{ id: 'a', quantity: 2 }], L4: [{ id: 'a', quantity: 1 }, { id: 'b', quantity: 1 }] }, [], 'split'],
    ['one line split across locations', { L1: { X: 2 }, L2: { X: 2 } }, [{ id: 'a', sku: 'X', quantity: 3 }], {},
      { L1: [{ id: 'a', quantity: 2 }], L2: [{ id: 'a', quantity: 1 }] }, [], 'split'],
    ['unfillable units stay unfilled; the rest is placed where most fits', { L1: { X: 1 }, L2: { X: 2 } }, [{ id: 'a', sku: 'X', quantity: 5 }, { id: 'b', sku: 'Z', quantity: 1 }], {},
      { L2: [{ id: 'a', quantity: 2 }], L1: [{ id: 'a', quantity: 1 }] }, [{ id: 'a', quantity: 2 }, { id: 'b', quantity: 1 }], 'partial'],
    ['nothing in stock anywhere', { L1: {}, L2: { X: 0 } }, [{ id: 'a', sku: 'X', quantity: 1 }], {}, {}, [{ id: 'a', quantity: 1 }], 'none'],
    ['no locations at all', {}, [{ id: 'a', sku: 'X', quantity: 1 }], {}, {}, [{ id: 'a', quantity: 1 }], 'none'],
    ['a line without SKU is not stock-tracked and follows the chosen location', { L1: { X: 1 } }, [{ id: 'a', sku: 'X', quantity: 1 }, { id: 'g', quantity: 1 }], {},
      { L1: [{ id: 'a', quantity: 1 }, { id: 'g', quantity: 1 }] }, [], 'single_location'],
    ['allow_oversell: what no location has goes to the best ranked location', { L1: { X: 1 }, L2: {} }, [{ id: 'a', sku: 'X', quantity: 3 }], { allow_oversell: true },
      { L1: [{ id: 'a', quantity: 3 }] }, [], 'single_location'],
    ['negative available counts as none', { L1: { X: -2 }, L2: { X: 1 } }, [{ id: 'a', sku: 'X', quantity: 1 }], {}, { L2: [{ id: 'a', quantity: 1 }] }, [], 'single_location'],
  ] as const)('%s', (_name, stock, lines, extra, expected, unfilled, strategy) => {
    const result = allocate(input(stock as Stock, lines as unknown as AllocationInput['lines'], extra as Partial<AllocationInput>));
    expect(placed(result)).toEqual(expected);
    expect(result.unfilled).toEqual(unfilled);
    expect(result.explanation.strategy).toBe(strategy);
  });

  it('ties: the priority setting first, then distance when coordinates exist, then the location id', () => {
    const stock = { L1: { X: 1 }, L2: { X: 1 }, L3: { X: 1 } };
    const lines = [{ id: 'a', sku: 'X', quantity: 1 }];
    expect(placed(allocate(input(stock, lines)))).toEqual({ L1: [{ id: 'a', quantity: 1 }] });
    expect(placed(allocate(input(stock, lines, { priority: ['L3'] })))).toEqual({ L3: [{ id: 'a', quantity: 1 }] });
    const located = { destination: [25.2, 55.3] as [number, number], locations: [
      { location_id: 'L1', coords: [24.4, 54.4] as [number, number] }, { location_id: 'L2', coords: [25.3, 55.4] as [number, number] }, { location_id: 'L3' },
    ] };
    const near = allocate(input(stock, lines, located));
    expect(placed(near)).toEqual({ L2: [{ id: 'a', quantity: 1 }] });
    expect(near.explanation.considered.map((c) => [c.location_id, c.chosen, c.distance_km !== undefined])).toEqual([['L2', true, true], ['L1', false, true], ['L3', false, false]]);
    expect(placed(allocate(input(stock, lines, { ...located, priority: ['L1'] })))).toEqual({ L1: [{ id: 'a', quantity: 1 }] });
  });

  it('explains every location considered', () => {
    const result = allocate(input({ L1: { X: 2 }, L2: { X: 1 }, L3: {} }, [{ id: 'a', sku: 'X', quantity: 2 }]));
    expect(result.explanation).toEqual({
      inventory_managed: true, strategy: 'single_location', unfilled: [],
      considered: [
        { location_id: 'L1', chosen: true, fillable_units: 2, reason: 'fills the whole order (best ranked of those that can)' },
        { location_id: 'L2', chosen: false, fillable_units: 1, reason: 'could take 1 of 2 units; not needed by the chosen locations' },
        { location_id: 'L3', chosen: false, fillable_units: 0, reason: 'none of the ordered units available' },
      ],
    });
  });
});
