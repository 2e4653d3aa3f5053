import { Module } from '@nestjs/common';
import { ConfigurationLookups, ConfigurationModule } from '@shipledger/configuration';
import { EVENT_STORE, type EventStore } from '@shipledger/event-store';
import { ORDER_INVENTORY } from '@shipledger/ordering';
import { InventoryLevelsController } from './application/levels/inventory-levels.controller';
import { InventoryOrderAllocator } from './application/order-allocation/inventory-order-allocator';
import { InventorySettingsController } from './application/settings/inventory-settings.controller';
import { InventoryLedger } from './application/shared/inventory-ledger';
import { InventoryStockController } from './application/stock/inventory-stock.controller';

/**
 * The Inventory context: /inventory (settings, set, adjust, levels, ledger) and the ORDER_INVENTORY port
 * ordering consumes (the app passes this module to OrderingModule.register({ports})). Locations come
 * from the configuration context; DATABASE, EVENT_STORE and PLATFORM_SERVICES from the PlatformModule.
 */
@Module({
  imports: [ConfigurationModule],
  controllers: [InventorySettingsController, InventoryStockController, InventoryLevelsController],
  providers: [
    { provide: InventoryLedger, inject: [EVENT_STORE], useFactory: (eventStore: EventStore) => new InventoryLedger(eventStore) },
    {
      provide: ORDER_INVENTORY,
      inject: [InventoryLedger, ConfigurationLookups],
      useFactory: (ledger: InventoryLedger, lookups: ConfigurationLookups) => new InventoryOrderAllocator(ledger, lookups),
    },
  ],
  exports: [ORDER_INVENTORY],
})
export class InventoryModule {}
