export * from './domain';
export * from './read-models';
export { InventoryModule } from './inventory.module';
export { InventoryLedger, type LevelChange } from './application/shared/inventory-ledger';
export { InventoryOrderAllocator } from './application/order-allocation/inventory-order-allocator';
export { checkInventoryInvariant, type InvariantReport } from './application/invariant/inventory-invariant';
