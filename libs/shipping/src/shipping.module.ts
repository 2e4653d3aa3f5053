import { Module, type DynamicModule, type ModuleMetadata } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { BulkStatusRefreshController } from './application/bulk-status/bulk-status-refresh.controller';
import { CancelShipmentController } from './application/cancel-shipment/cancel-shipment.controller';
import { ConfirmShipmentController } from './application/confirm-shipment/confirm-shipment.controller';
import { CreateShipmentController } from './application/create-shipment/create-shipment.controller';
import { CreateShipmentHandler } from './application/create-shipment/create-shipment.handler';
import { DeliveryPromiseController } from './application/delivery-promise/delivery-promise.controller';
import { GetShipmentController } from './application/get-shipment/get-shipment.controller';
import { ConfiguredReferences } from './application/shared/configured-references';
import { ReadyToShipController } from './application/ready-to-ship/ready-to-ship.controller';
import { ReassignShipmentController } from './application/reassign-shipment/reassign-shipment.controller';
import { ReprocessShipmentController } from './application/reprocess-shipment/reprocess-shipment.controller';
import { ShipmentCommandService } from './application/shared/shipment-command.service';
import { ChangeShipmentHandler } from './application/shared/change-shipment.command';
import { MerchantAccess } from './application/shared/merchant-access';
import { ShipmentHttp } from './application/shared/shipment-http';
import { ShipmentReferences } from './application/shared/shipment-references';
import { ShipmentRepository } from './application/shared/shipment.repository';
import { UpdateParcelsController } from './application/update-parcels/update-parcels.controller';
import { UpdateSchedulesController } from './application/update-schedules/update-schedules.controller';
import { UpdateShipmentController } from './application/update-shipment/update-shipment.controller';
import { UpdateStatusController } from './application/update-status/update-status.controller';
import { DocumentSettingsController } from './application/document-settings/document-settings.controller';
import { DocumentSettingsRepository } from './application/shared/document-settings.repository';
import { ShipmentDocumentContents } from './application/documents/shipment-document-contents';
import { ShipmentDocumentsController } from './application/documents/shipment-documents.controller';
import { ShipmentDocumentsHandler } from './application/documents/shipment-documents.handler';
import { RefreshLabelController } from './application/refresh-label/refresh-label.controller';
import { RetryDocumentUploadController } from './application/retry-document-upload/retry-document-upload.controller';
import { EstimateShippingCostController } from './application/estimate-shipping-cost/estimate-shipping-cost.controller';
import { ShippingQuoter } from './application/shared/shipping-quoter';
import { ShippingRatesController } from './application/shipping-rates/shipping-rates.controller';
import { DATABASE, type Database } from '@shipledger/database';
import { EVENT_STORE, type EventStore } from '@shipledger/event-store';
import { SHIPMENT_READ_CONTROLLERS, SHIPMENT_READ_PROVIDERS } from './shipment-read-side';

const SHIPPING_MODULE: ModuleMetadata = {
  controllers: [
    ...SHIPMENT_READ_CONTROLLERS,
    BulkStatusRefreshController,
    CreateShipmentController,
    GetShipmentController,
    UpdateShipmentController,
    ConfirmShipmentController,
    CancelShipmentController,
    ReprocessShipmentController,
    ReassignShipmentController,
    ReadyToShipController,
    UpdateStatusController,
    UpdateParcelsController,
    DeliveryPromiseController,
    UpdateSchedulesController,
    RefreshLabelController,
    ShipmentDocumentsController,
    RetryDocumentUploadController,
    DocumentSettingsController,
    EstimateShippingCostController,
    ShippingRatesController,
  ],
  providers: [
    ...SHIPMENT_READ_PROVIDERS,
    ShipmentRepository,
    ShipmentReferences,
    ShipmentCommandService,
    ConfiguredReferences,
    ShippingQuoter,
    ShipmentHttp,
    MerchantAccess,
    CreateShipmentHandler,
    ChangeShipmentHandler,
    DocumentSettingsRepository,
    ShipmentDocumentsHandler,
    {
      provide: ShipmentDocumentContents,
      inject: [DATABASE, EVENT_STORE],
      useFactory: (database: Database, eventStore: EventStore) => new ShipmentDocumentContents(database, eventStore),
    },
  ],
  exports: [ShipmentCommandService, ShipmentDocumentContents],
};

/**
 * The Shipping context's HTTP side. DATABASE and EVENT_STORE come from the global PlatformModule. The
 * read side (list, bulk status, history) is registered here too so it shares ShipmentCommandService.
 * Controllers dispatch plain command objects through @nestjs/cqrs's CommandBus (CreateShipmentCommand,
 * ChangeShipmentCommand) to their @CommandHandler.
 */
@Module({})
export class ShippingModule {
  /**
   * `ports`: the modules that export the ports shipping consumes, CARRIER_ACCOUNT_DIRECTORY and
   * SHIPPING_RATER and TRACKING_REFRESHER (the carriers module), SHIPMENT_CONFIGURATION (the configuration module)
   * and, optional, SHIPMENT_SERVICE_LEVELS (the routing module). Given by the app, so neither library imports the other's module.
   */
  static register(options: { ports: NonNullable<ModuleMetadata['imports']> }): DynamicModule {
    return { module: ShippingModule, imports: [CqrsModule, ...options.ports], ...SHIPPING_MODULE };
  }
}
