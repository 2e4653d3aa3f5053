import type { ConfigurationFields } from './configuration.events';

interface CommandBase {
  tenant_id: string;
  id: string;
  at: string;
  actor: string;
}

export type ConfigurationCommand =
  | ({ type: 'CreateConfigurationObject'; fields: ConfigurationFields } & CommandBase)
  | ({ type: 'ReplaceConfigurationObject'; fields: ConfigurationFields } & CommandBase)
  | ({ type: 'DeleteConfigurationObject' } & CommandBase);
