export * from './level/inventory-level.events';
export * from './level/inventory-level.decider';
export * from './settings/inventory-settings';
export * from './movements/order-movements';
export * from './allocation/allocate';
export * from './allocation/distance';
export * from './inventory.errors';
export * from './inventory.streams';
