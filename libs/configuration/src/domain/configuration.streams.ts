import type { ConfigurationKind } from './configuration.kinds';

/**
 * One stream per tenant and kind: `configuration-location-<tenant>`. Configuration changes are rare
 * (people and imports, not traffic), and holding every object of the kind in one state lets the decider
 * check code uniqueness against the revision it appends at: two concurrent creates of the same code
 * cannot both pass. A CSV import of a few hundred locations reads a stream of a few hundred events per
 * create, well under the cost of the HTTP call itself.
 */
export const configurationStreamId = (kind: ConfigurationKind, tenantId: string): string =>
  `configuration-${kind.replace(/_/g, '-')}-${tenantId}`;
