/**
 * A merchant's inventory settings (PUT /inventory/settings/{merchant}); stream per tenant × merchant.
 * Off by default: a merchant that never set them allocates and reserves as before inventory existed.
 */
export const STOCK_REDUCTION_TIMINGS = ['ON_ORDER_FULFILLED', 'ON_STOCK_SYNC'] as const;
export type StockReductionTiming = (typeof STOCK_REDUCTION_TIMINGS)[number];

export interface InventorySettings {
  enabled: boolean;
  /**
   * ON_ORDER_FULFILLED: fulfill lowers on_hand and reserved (rule 3). ON_STOCK_SYNC: fulfill only
   * releases the reservation; on_hand comes from the merchant's own stock feed (set, adjust, import).
   */
  stock_reduction_timing: StockReductionTiming;
  /** Reservations may take available below zero (back orders). */
  allow_oversell: boolean;
  /** An order automatic allocation cannot fill completely is cancelled (INVENTORY_OUT_OF_STOCK / AUTO_ALLOCATION_FAILED). */
  cancel_unfillable_orders: boolean;
  /** Partner location ids, most preferred first: the tie-break between equally good allocations. */
  location_priority: string[];
}

export const defaultSettings = (): InventorySettings => ({
  enabled: false,
  stock_reduction_timing: 'ON_ORDER_FULFILLED',
  allow_oversell: false,
  cancel_unfillable_orders: false,
  location_priority: [],
});

export type InventorySettingsEvent = {
  type: 'InventorySettingsChanged';
  data: { tenant_id: string; merchant: string; settings: InventorySettings; at: string; actor: string };
};

export type PutInventorySettings = {
  type: 'PutInventorySettings';
  tenant_id: string;
  merchant: string;
  settings: InventorySettings;
  at: string;
  actor: string;
};

export interface InventorySettingsState {
  settings: InventorySettings;
  revision: number;
}

/** PUT semantics: the settings given replace the old ones whole; the same settings again append nothing. */
export function decideSettings(command: PutInventorySettings, state: InventorySettingsState): InventorySettingsEvent[] {
  if (state.revision > 0 && JSON.stringify(state.settings) === JSON.stringify(command.settings)) return [];
  const { type: _type, ...data } = command;
  return [{ type: 'InventorySettingsChanged', data }];
}

export function evolveSettings(state: InventorySettingsState, event: InventorySettingsEvent): InventorySettingsState {
  return { settings: event.data.settings, revision: state.revision + 1 };
}

export const inventorySettingsDecider = {
  decide: decideSettings,
  evolve: evolveSettings,
  initialState: (): InventorySettingsState => ({ settings: defaultSettings(), revision: 0 }),
};
