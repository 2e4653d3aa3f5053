import type { EventStore } from '@shipledger/event-store';
import type { ShipmentState } from '../../domain/shipment';
import type { CarrierAccountDirectory } from '../ports/carrier-account-directory.port';
import type { ShipmentServiceLevels } from '../ports/shipment-service-levels.port';
import type { ShipmentRouter } from '../ports/shipment-router.port';
import type { CommandMeta } from '../shared/command-meta';
import { ShipmentReferences } from '../shared/shipment-references';
import { ShipmentRepository } from '../shared/shipment.repository';
import { CreateShipmentCommand, CreateShipmentHandler, type CreateShipmentInput } from './create-shipment.handler';

/**
 * Shipping's create command for processes without Nest's CommandBus (the worker's process managers,
 * e.g. ordering's fulfill → shipment): the same handler the HTTP create dispatches to.
 */
export function shipmentCreator(
  eventStore: EventStore, directory: CarrierAccountDirectory, serviceLevels?: ShipmentServiceLevels, router?: ShipmentRouter,
): (input: CreateShipmentInput, meta: CommandMeta) => Promise<ShipmentState> {
  // The handler uses its gateway only as the CarrierAccountDirectory the gateway implements (resolve,
  // chooseByRouting); outside Nest the carriers context's directory is that port itself.
  const gateway = directory as unknown as ConstructorParameters<typeof CreateShipmentHandler>[2];
  const handler = new CreateShipmentHandler(new ShipmentRepository(eventStore), new ShipmentReferences(eventStore), gateway, serviceLevels, router);
  return (input, meta) => handler.execute(new CreateShipmentCommand(input, meta));
}
