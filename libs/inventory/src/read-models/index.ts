export { inventoryLevelsProjector, INVENTORY_LEVELS_PROJECTOR } from './inventory-levels/inventory-levels.projector';
export { listLevels, skuLedger, allLevels, type LevelRow, type LedgerRow, type HolderRow } from './inventory-levels/inventory-levels.queries';
