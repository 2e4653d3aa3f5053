import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CancelShipmentController } from './application/cancel-shipment/cancel-shipment.controller';
import { ConfirmShipmentController } from './application/confirm-shipment/confirm-shipment.controller';
import { CreateShipmentController } from './application/create-shipment/create-shipment.controller';
import { CreateShipmentHandler } from './application/create-shipment/create-shipment.handler';
import { DeliveryPromiseController } from './application/delivery-promise/delivery-promise.controller';
import { GetShipmentController } from './application/get-shipment/get-shipment.controller';
import { CarrierAccountsGateway } from './application/ports/carrier-accounts.gateway';
import { ShipmentConfigurationGateway } from './application/ports/shipment-configuration.gateway';
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
import { DocumentSettingsRepository } from './application/document-settings/document-settings.repository';
import { ShipmentDocumentContents } from './application/documents/shipment-document-contents';
import { ShipmentDocumentsController } from './application/documents/shipment-documents.controller';
import { ShipmentDocumentsHandler } from './application/documents/shipment-documents.handler';
import { RefreshLabelController } from './application/refresh-label/refresh-label.controller';
import { EstimateShippingCostController } from './application/estimate-shipping-cost/estimate-shipping-cost.controller';
import { ShippingQuoter } from './application/estimate-shipping-cost/shipping-quoter';
import { ShippingRaterGateway } from './application/ports/shipping-rater.gateway';
import { ShippingRatesController } from './application/shipping-rates/shipping-rates.controller';
import { DATABASE, type Database } from '@shipledger/database';
import { EVENT_STORE, type EventStore } from '@shipledger/event-store';
import { SHIPMENT_READ_CONTROLLERS, SHIPMENT_READ_PROVIDERS } from './read-models/shipment-read-side';

/**
 * The Shipping context's HTTP side. DATABASE and EVENT_STORE come from the global PlatformModule; the
 * CarrierAccountDirectory from the carriers module (looked up at call time, see CarrierAccountsGateway).
 * The read side (list, bulk status, history) is registered here too so it shares ShipmentCommandService.
 * Controllers dispatch through @nestjs/cqrs's CommandBus (CreateShipmentCommand, ChangeShipmentCommand: plain data, handled by their @CommandHandler).
 */
@Module({
  imports: [CqrsModule],
  controllers: [
    ...SHIPMENT_READ_CONTROLLERS,
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
    DocumentSettingsController,
    EstimateShippingCostController,
    ShippingRatesController,
  ],
  providers: [
    ...SHIPMENT_READ_PROVIDERS,
    ShipmentRepository,
    ShipmentReferences,
    ShipmentCommandService,
    CarrierAccountsGateway,
    ShipmentConfigurationGateway,
    ConfiguredReferences,
    ShippingRaterGateway,
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
})
export class ShippingModule {}
