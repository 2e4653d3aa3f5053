import type { Decider } from '@shipledger/ddd';
import type { ShipmentCommand } from './shipment.commands';
import { decide } from './shipment.decide';
import type { ShipmentEvent } from './shipment.events';
import { evolve } from './shipment.evolve';
import { initialShipmentState, type ShipmentState } from './shipment.state';

/** The Shipment aggregate as one value, for the write path (`handle`) and for specifications. */
export const shipmentDecider: Decider<ShipmentCommand, ShipmentEvent, ShipmentState> = {
  decide,
  evolve,
  initialState: initialShipmentState,
};
