import type { ConfigurationCommand } from './configuration.commands';
import { decideConfiguration } from './configuration.decide';
import type { ConfigurationEvent } from './configuration.events';
import { evolveConfiguration } from './configuration.evolve';
import { KINDS, type ConfigurationKind, type KindSpec } from './configuration.kinds';
import { initialConfigurationState, type ConfigurationState } from './configuration.state';

/** A decider in the usual shape: what the generic load–decide–append runs. */
export interface ConfigurationDecider {
  spec: KindSpec;
  decide(command: ConfigurationCommand, state: ConfigurationState): ConfigurationEvent[];
  evolve(state: ConfigurationState, event: ConfigurationEvent): ConfigurationState;
  initialState(): ConfigurationState;
}

export function configurationDecider(kind: ConfigurationKind): ConfigurationDecider {
  const spec = KINDS[kind];
  return {
    spec,
    decide: (command, state) => decideConfiguration(spec, command, state),
    evolve: evolveConfiguration,
    initialState: initialConfigurationState,
  };
}

export const locationDecider = configurationDecider('location');
export const deliveryTypeDecider = configurationDecider('delivery_type');
export const orderTypeDecider = configurationDecider('order_type');
export const timeSlotDecider = configurationDecider('time_slot');
export const attributeDecider = configurationDecider('attribute');

export const DECIDERS: Readonly<Record<ConfigurationKind, ConfigurationDecider>> = {
  location: locationDecider,
  delivery_type: deliveryTypeDecider,
  order_type: orderTypeDecider,
  time_slot: timeSlotDecider,
  attribute: attributeDecider,
};
