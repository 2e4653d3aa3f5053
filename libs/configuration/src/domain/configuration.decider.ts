import type { Decider } from '@shipledger/ddd';
import type { ConfigurationCommand } from './configuration.commands';
import { decideConfiguration } from './configuration.decide';
import type { ConfigurationEvent } from './configuration.events';
import { evolveConfiguration } from './configuration.evolve';
import { KINDS, type ConfigurationKind, type KindSpec } from './configuration.kinds';
import { initialConfigurationState, type ConfigurationState } from './configuration.state';

/** A decider of the project's one write path (libs/ddd `handle`), with the table row of its kind. */
export interface ConfigurationDecider extends Decider<ConfigurationCommand, ConfigurationEvent, ConfigurationState> {
  spec: KindSpec;
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
