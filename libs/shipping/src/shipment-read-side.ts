import type { Provider, Type } from '@nestjs/common';
import { BulkStatusController } from './application/bulk-status/bulk-status.controller';
import { BulkStatusHandler } from './application/bulk-status/bulk-status.handler';
import { ListShipmentsController } from './application/list-shipments/list-shipments.controller';
import { ListShipmentsHandler } from './application/list-shipments/list-shipments.handler';
import { ShipmentHistoryController } from './application/shipment-history/shipment-history.controller';
import { ShipmentHistoryHandler } from './application/shipment-history/shipment-history.handler';

/**
 * The shipment read side for the ShippingModule (which imports CqrsModule: the controllers dispatch
 * through the QueryBus to these handlers): list/search, bulk status, history. The history needs
 * the module's ShipmentCommandService (visibility and `{shipment_id}` resolution), so these join that
 * module rather than forming one of their own. The shipment-list projector itself is registered in
 * apps/worker/src/registry.ts.
 */
export const SHIPMENT_READ_CONTROLLERS: Type[] = [BulkStatusController, ListShipmentsController, ShipmentHistoryController];
export const SHIPMENT_READ_PROVIDERS: Provider[] = [BulkStatusHandler, ListShipmentsHandler, ShipmentHistoryHandler];
