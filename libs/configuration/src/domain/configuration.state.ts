import type { ConfigurationFields } from './configuration.events';

export interface ConfigurationObject {
  id: string;
  fields: ConfigurationFields;
  deleted: boolean;
  created_at: string;
  updated_at: string;
}

/** One tenant's objects of one kind (the stream `configuration-<kind>-<tenant>`), by id. */
export interface ConfigurationState {
  objects: Readonly<Record<string, ConfigurationObject>>;
}

export const initialConfigurationState = (): ConfigurationState => ({ objects: {} });
