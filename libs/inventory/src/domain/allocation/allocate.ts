import type { AllocationCandidate, LineItemQuantity, OrderAllocation } from '@shipledger/ordering';
import { distanceKm } from './distance';

/** A line to place: its id, its SKU (none: not stock-tracked, fits anywhere) and its units. */
export interface AllocationLine {
  id: string;
  sku?: string;
  quantity: number;
}

export interface AllocationLocation {
  location_id: string;
  /** [latitude, longitude] */
  coords?: [number, number];
}

export interface AllocationInput {
  lines: AllocationLine[];
  /** The merchant's allowed locations. */
  locations: AllocationLocation[];
  /** Location ids, most preferred first (the merchant's location priority setting). */
  priority: string[];
  destination?: [number, number];
  /** Available units (on_hand − reserved) of a SKU at a location. */
  available: (locationId: string, sku: string) => number;
  allow_oversell: boolean;
}

export interface Placement {
  location_id: string;
  line_items: LineItemQuantity[];
}

export interface AllocationResult {
  placements: Placement[];
  unfilled: LineItemQuantity[];
  explanation: OrderAllocation;
}

/** Sets beyond this many locations are not searched exhaustively: the greedy cover takes over. */
const MAX_EXACT_LOCATIONS = 4;

export interface RankedLocation extends AllocationLocation {
  priority?: number;
  distance_km?: number;
}

type Can = (location: string, line: AllocationLine) => number;

/** Priority (listed first wins; unlisted after all listed), then distance when both have coordinates, then id. */
export function rankLocations(input: Pick<AllocationInput, 'locations' | 'priority' | 'destination'>): RankedLocation[] {
  const ranked = input.locations.map((location): RankedLocation => {
    const index = input.priority.indexOf(location.location_id);
    const distance = input.destination && location.coords ? distanceKm(input.destination, location.coords) : undefined;
    return { ...location, ...(index >= 0 ? { priority: index + 1 } : {}), ...(distance === undefined ? {} : { distance_km: distance }) };
  });
  const far = Number.MAX_SAFE_INTEGER;
  return ranked.sort((a, b) => (a.priority ?? far) - (b.priority ?? far)
    || (a.distance_km ?? far) - (b.distance_km ?? far)
    || a.location_id.localeCompare(b.location_id));
}

function* combinations<T>(items: readonly T[], size: number, start = 0): Generator<T[]> {
  if (size === 0) {
    yield [];
    return;
  }
  for (let index = start; index <= items.length - size; index++) {
    for (const rest of combinations(items, size - 1, index + 1)) yield [items[index]!, ...rest];
  }
}

/** The fewest locations that together fill every line: one, else exhaustive sets up to 4 in ranked order. */
function smallestFillingSet(ranked: RankedLocation[], lines: AllocationLine[], can: Can): RankedLocation[] | undefined {
  const fills = (set: readonly RankedLocation[]) => lines.every((line) => set.reduce((sum, l) => sum + can(l.location_id, line), 0) >= line.quantity);
  for (let size = 1; size <= Math.min(MAX_EXACT_LOCATIONS, ranked.length); size++) {
    for (const set of combinations(ranked, size)) if (fills(set)) return set;
  }
  return undefined;
}

/**
 * Automatic allocation (orders rule 1), pure. Prefers one location that can fill the whole order (the
 * best ranked); otherwise the fewest locations that together can (exhaustive up to 4, ranked order
 * decides between equally small sets); otherwise as much as the locations can take, most units first.
 * What no location can take is unfilled (it stays open); with allow_oversell it goes to the best
 * ranked location instead. Lines without a SKU are not stock-tracked and fit anywhere.
 */
export function allocate(input: AllocationInput): AllocationResult {
  const ranked = rankLocations(input);
  const can: Can = (location, line) => (line.sku === undefined ? line.quantity : Math.max(0, Math.min(line.quantity, input.available(location, line.sku))));
  const fillable = (location: string) => input.lines.reduce((sum, line) => sum + can(location, line), 0);
  const total = input.lines.reduce((sum, line) => sum + line.quantity, 0);
  const order = smallestFillingSet(ranked, input.lines, can) ?? greedyOrder(ranked, input.lines, can);
  const { placements, unfilled } = place(order, input.lines, can);
  const oversold = input.allow_oversell && ranked.length > 0 && unfilled.length > 0;
  if (oversold) addTo(placements, ranked[0]!.location_id, unfilled);
  const used = new Set(placements.map((placement) => placement.location_id));
  const strategy = used.size === 0 ? 'none' : unfilled.length > 0 && !oversold ? 'partial' : used.size === 1 ? 'single_location' : 'split';
  const considered = ranked.map((location): AllocationCandidate => ({
    location_id: location.location_id,
    chosen: used.has(location.location_id),
    reason: reasonFor(location, used, fillable(location.location_id), total, strategy, oversold && location === ranked[0]),
    fillable_units: fillable(location.location_id),
    ...(location.priority === undefined ? {} : { priority: location.priority }),
    ...(location.distance_km === undefined ? {} : { distance_km: location.distance_km }),
  }));
  const left = oversold ? [] : unfilled;
  return { placements, unfilled: left, explanation: { inventory_managed: true, strategy, considered, unfilled: left } };
}

/** When no set fills the order: repeatedly the location that can take the most of what is left. */
function greedyOrder(ranked: RankedLocation[], lines: AllocationLine[], can: Can): RankedLocation[] {
  const left = new Map(lines.map((line) => [line.id, line.quantity]));
  const order: RankedLocation[] = [];
  const remaining = [...ranked];
  const score = (location: RankedLocation) => lines.reduce((sum, line) => sum + Math.min(left.get(line.id)!, can(location.location_id, line)), 0);
  for (;;) {
    let best: RankedLocation | undefined;
    for (const location of remaining) if (score(location) > (best ? score(best) : 0)) best = location;
    if (!best) return order;
    order.push(best);
    remaining.splice(remaining.indexOf(best), 1);
    for (const line of lines) left.set(line.id, left.get(line.id)! - Math.min(left.get(line.id)!, can(best.location_id, line)));
  }
}

function addTo(placements: Placement[], locationId: string, items: LineItemQuantity[]): void {
  let placement = placements.find((p) => p.location_id === locationId);
  if (!placement) placements.push((placement = { location_id: locationId, line_items: [] }));
  for (const item of items) {
    const existing = placement.line_items.find((line) => line.id === item.id);
    if (existing) existing.quantity += item.quantity;
    else placement.line_items.push({ ...item });
  }
}

/** Takes each line's units from the locations in order, as many as each can. */
function place(order: RankedLocation[], lines: AllocationLine[], can: Can): { placements: Placement[]; unfilled: LineItemQuantity[] } {
  const placements: Placement[] = [];
  const unfilled: LineItemQuantity[] = [];
  for (const line of lines) {
    let left = line.quantity;
    for (const location of order) {
      const take = Math.min(left, can(location.location_id, line));
      if (take > 0) addTo(placements, location.location_id, [{ id: line.id, quantity: take }]);
      left -= take;
    }
    if (left > 0) unfilled.push({ id: line.id, quantity: left });
  }
  return { placements, unfilled };
}

function reasonFor(location: RankedLocation, used: Set<string>, fillable: number, total: number, strategy: string, oversold: boolean): string {
  if (oversold) return 'best ranked location: takes the units no location has in stock (allow_oversell)';
  if (used.has(location.location_id)) {
    if (strategy === 'single_location') return 'fills the whole order (best ranked of those that can)';
    if (strategy === 'split') return `part of the fewest locations that fill the order together (${fillable} of ${total} units here)`;
    return `takes ${fillable} of ${total} units (no set of locations fills the order)`;
  }
  if (fillable === 0) return 'none of the ordered units available';
  if (fillable === total) return 'could fill the whole order but ranks after the chosen location';
  return `could take ${fillable} of ${total} units; not needed by the chosen locations`;
}
