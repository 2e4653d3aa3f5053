export { configurationLookupsProjector } from './configuration-lookups/configuration-lookups.projector';
export { CONFIGURATION_LOOKUPS_PROJECTOR } from './configuration-lookups/configuration-lookups.queries';
export { ConfigurationLookups, ANY_MERCHANT, type ConfiguredLocation } from './configuration-lookups/configuration-lookups';
