import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { DATABASE, type Database } from '@shipledger/database';
import { EVENT_STORE, type EventStore } from '@shipledger/event-store';
import { SHIPMENT_CONFIGURATION } from '@shipledger/shipping';
import { AttributesController } from './application/attributes/attributes.controller';
import { DeliveryTypesController } from './application/delivery-types/delivery-types.controller';
import { LocationsController } from './application/locations/locations.controller';
import { OrderTypesController } from './application/order-types/order-types.controller';
import { ConfigurationService } from './application/shared/configuration.service';
import { ConfigurationStore } from './application/shared/configuration.store';
import { ExecuteConfigurationCommandHandler } from './application/shared/execute-configuration.command';
import { ShipmentConfigurationAdapter } from './application/shipping/shipment-configuration.adapter';
import { TimeSlotsController } from './application/time-slots/time-slots.controller';
import { ConfigurationLookups } from './read-models/configuration-lookups/configuration-lookups';

/**
 * The Configuration context's HTTP side: /locations, /delivery-types, /order-types, /time-slots and
 * /attributes. DATABASE and EVENT_STORE come from the global PlatformModule. ConfigurationLookups is
 * exported for the contexts that check what their requests name against the configuration, and
 * SHIPMENT_CONFIGURATION implements the Shipping context's port with it.
 */
@Module({
  imports: [CqrsModule],
  controllers: [LocationsController, DeliveryTypesController, OrderTypesController, TimeSlotsController, AttributesController],
  providers: [
    { provide: ConfigurationStore, inject: [EVENT_STORE], useFactory: (eventStore: EventStore) => new ConfigurationStore(eventStore) },
    {
      provide: ConfigurationLookups,
      inject: [DATABASE, EVENT_STORE],
      useFactory: (database: Database, eventStore: EventStore) => new ConfigurationLookups(database, eventStore),
    },
    {
      provide: SHIPMENT_CONFIGURATION,
      inject: [ConfigurationLookups],
      useFactory: (lookups: ConfigurationLookups) => new ShipmentConfigurationAdapter(lookups),
    },
    ConfigurationService,
    ExecuteConfigurationCommandHandler,
  ],
  exports: [ConfigurationLookups, SHIPMENT_CONFIGURATION],
})
export class ConfigurationModule {}
