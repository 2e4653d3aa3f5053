import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DECIDERS, type ConfigurationCommand, type ConfigurationKind, type ConfigurationState } from '../../domain';
import type { ConfigurationMeta } from './configuration-meta';
import { ConfigurationStore } from './configuration.store';

/** Any command on a configuration object, dispatched through the CommandBus to the kind's decider. */
export class ExecuteConfigurationCommand extends Command<ConfigurationState> {
  constructor(readonly kind: ConfigurationKind, readonly command: ConfigurationCommand, readonly meta: ConfigurationMeta) {
    super();
  }
}

@CommandHandler(ExecuteConfigurationCommand)
export class ExecuteConfigurationCommandHandler implements ICommandHandler<ExecuteConfigurationCommand, ConfigurationState> {
  constructor(private readonly store: ConfigurationStore) {}

  execute({ kind, command, meta }: ExecuteConfigurationCommand): Promise<ConfigurationState> {
    return this.store.handle(DECIDERS[kind], command, meta);
  }
}
