import { Module, type DynamicModule, type ModuleMetadata } from '@nestjs/common';
import { ConfigurationModule } from '@shipledger/configuration';
import { EVENT_STORE, type EventStore } from '@shipledger/event-store';
import { ShippingCommands } from '@shipledger/shipping';
import { BulkImportController } from './application/bulk-import/bulk-import.controller';
import { CancelOrderController } from './application/cancel-order/cancel-order.controller';
import { CreateOrderController } from './application/create-order/create-order.controller';
import { FulfillmentOrderEditsController } from './application/fulfillment-orders/fo-edits.controller';
import { FulfillmentOrderShippingController } from './application/fulfillment-orders/fo-shipping.controller';
import { GetOrderController } from './application/get-order/get-order.controller';
import { ListOrdersController } from './application/list-orders/list-orders.controller';
import { OrderHistoryController } from './application/order-history/order-history.controller';
import { NO_ORDER_INVENTORY, ORDER_INVENTORY } from './application/ports/order-inventory.port';
import { OrderCommandService } from './application/shared/order-command.service';
import { OrderInputs } from './application/shared/order-inputs';
import { OrderReferences } from './application/shared/order-references';
import { OrderRepository } from './application/shared/order.repository';
import { UpdateOrderController } from './application/update-order/update-order.controller';

/**
 * The Ordering context's HTTP side: /orders and its fulfillment-order operations. DATABASE, EVENT_STORE
 * and PLATFORM_SERVICES come from the global PlatformModule; locations from the configuration context;
 * shipments through the shipping context's public commands (the order-shipments process manager creates them).
 * Static routes (bulk/import) are listed before the parameterised ones.
 */
const ORDERING_MODULE = {
  imports: [ConfigurationModule],
  controllers: [
    BulkImportController,
    ListOrdersController,
    CreateOrderController,
    OrderHistoryController,
    GetOrderController,
    UpdateOrderController,
    CancelOrderController,
    FulfillmentOrderEditsController,
    FulfillmentOrderShippingController,
  ],
  providers: [
    OrderRepository, OrderReferences, OrderCommandService, OrderInputs,
    { provide: ShippingCommands, inject: [EVENT_STORE], useFactory: (eventStore: EventStore) => new ShippingCommands(eventStore) },
  ],
};

@Module({})
export class OrderingModule {
  /**
   * `ports`: the modules exporting the ORDER_INVENTORY port (the inventory context), given by the app so
   * neither library imports the other's module. Without them ordering allocates as it did before inventory.
   */
  static register(options: { ports?: NonNullable<ModuleMetadata['imports']> } = {}): DynamicModule {
    const ports = options.ports ?? [];
    const fallback = ports.length === 0 ? [{ provide: ORDER_INVENTORY, useValue: NO_ORDER_INVENTORY }] : [];
    return {
      module: OrderingModule,
      ...ORDERING_MODULE,
      imports: [...ORDERING_MODULE.imports, ...ports],
      providers: [...ORDERING_MODULE.providers, ...fallback],
    };
  }
}
