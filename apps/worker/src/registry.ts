import type { EventStore } from '@shipledger/event-store';
import type { Database } from '@shipledger/database';
import type { Projector, Reactor } from '@shipledger/projections';
import type { WorkerLogger } from '@shipledger/projections';
import { shipmentCreator, shipmentListProjector, ShippingCommands } from '@shipledger/shipping';
import { carrierReactors, carriersContextFor } from '@shipledger/carriers';
import { automationShipmentRouter } from '@shipledger/routing';
import { configurationLookupsProjector } from '@shipledger/configuration';
import { orderListProjector, OrderShipmentsReactor, ShippingOrderShipments } from '@shipledger/ordering';
import { REPORTING_PROJECTORS } from '@shipledger/reporting';
import { webhookReactors } from '@shipledger/webhooks';
import { manifestListProjector } from '@shipledger/manifests';
import { inventoryLevelsProjector } from '@shipledger/inventory';
import { shipmentServiceLevelsFor } from '@shipledger/routing';

/**
 * Every read model and process manager the worker runs. Add yours with one line in the list below
 * (import it at the top); names must be unique. The API (for its queries' schemas), the worker and the
 * cli (status, rebuild) all read this one list.
 */
export function allProjectors(): Projector[] {
  return [
    shipmentListProjector,
    configurationLookupsProjector,
    orderListProjector,
    inventoryLevelsProjector,
    ...REPORTING_PROJECTORS,
    manifestListProjector,
  ];
}

/** What a reactor may need from the process that runs it. */
export interface ReactorDeps {
  database: Database;
  eventStore: EventStore;
  logger: WorkerLogger;
}

export function allReactors(deps: ReactorDeps): Reactor[] {
  const carriers = carriersContextFor(deps);
  const create = shipmentCreator(
    deps.eventStore, carriers.directory, shipmentServiceLevelsFor(deps.eventStore), automationShipmentRouter(deps.eventStore, carriers.rater),
  );
  return [
    ...carrierReactors(deps),
    new OrderShipmentsReactor(deps.eventStore, new ShippingOrderShipments(new ShippingCommands(deps.eventStore), create)),
    ...webhookReactors(deps),
  ];
}
