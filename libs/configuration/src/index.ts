/**
 * The Configuration context's public surface: its Nest module, the projector the worker runs, the
 * lookups other contexts read, and its events as contracts (other contexts consume the *Deleted events
 * to drop references they hold). Everything else is internal.
 */
export { ConfigurationModule } from './configuration.module';
export { configurationLookupsProjector, CONFIGURATION_LOOKUPS_PROJECTOR, ConfigurationLookups, ANY_MERCHANT, type ConfiguredLocation } from './read-models';
export {
  CONFIGURATION_EVENT_TYPES, CONFIGURATION_DELETED_EVENT_TYPES, parseConfigurationEventType, configurationDeletionOf, BUILT_IN_DELIVERY_TYPES,
  isBuiltInDeliveryType, checkCustomAttributes, type ConfigurationEvent, type LocationEvent, type DeliveryTypeEvent,
  type OrderTypeEvent, type TimeSlotEvent, type AttributeEvent, type ConfigurationKind, type ConfigurationFields,
  type AttributeDefinition, type AttributeProblem, type ConfigurationDeletion,
} from './domain';
export { configurationStreamId } from './domain/configuration.streams';
export { provisionDemoConfiguration, DEMO_LOCATION_ID } from './application/demo/demo-configuration';
export { LocationAdmin } from './application/locations/location-admin';
export { ConfigurationCommandRejected } from './domain';
