import { Inject, Optional } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  applyPatch,
  type CarrierAccountRequest,
  type ConfirmShipment,
  type CreateShipment,
  type EstimateShippingCost,
  type ReassignShipment,
  type ReprocessShipment,
  type ShipmentCommand,
  type ShipmentState,
} from '../../domain/shipment';
import { CARRIER_ACCOUNT_DIRECTORY, type CarrierAccountDirectory } from '../ports/carrier-account-directory.port';
import { SHIPMENT_SERVICE_LEVELS, type ShipmentServiceLevels } from '../ports/shipment-service-levels.port';
import { SHIPMENT_ROUTER, type ShipmentRouter } from '../ports/shipment-router.port';
import { assignCarrier } from './carrier-assignment';
import { ConfiguredReferences } from './configured-references';
import type { CommandMeta } from './command-meta';
import { ShipmentCommandService } from './shipment-command.service';
import { ShippingQuoter } from './shipping-quoter';

/**
 * What a caller asks of an existing shipment, as plain data. Most are the decider's commands as they
 * are; the ones with a part that depends on the shipment's current state (the carrier a booking goes
 * to, the carrier's quote) leave that part out, and the handler resolves it against the state each
 * decision is taken on.
 */
export type ShipmentChange =
  | Exclude<ShipmentCommand, CreateShipment | ConfirmShipment | ReprocessShipment | ReassignShipment | EstimateShippingCost>
  | Omit<ConfirmShipment, 'carrier'>
  | Omit<ReprocessShipment, 'carrier'>
  | (Omit<ReassignShipment, 'carrier'> & { requested?: CarrierAccountRequest })
  | Omit<EstimateShippingCost, 'quote'>;

/** A change to the shipment `shipmentRef` (shipment id or partner reference) of a tenant. */
export class ChangeShipmentCommand extends Command<ShipmentState> {
  constructor(
    readonly tenantId: string,
    readonly shipmentRef: string,
    readonly change: ShipmentChange,
    readonly meta: CommandMeta,
  ) {
    super();
  }
}

@CommandHandler(ChangeShipmentCommand)
export class ChangeShipmentHandler implements ICommandHandler<ChangeShipmentCommand, ShipmentState> {
  constructor(
    private readonly shipments: ShipmentCommandService,
    @Inject(CARRIER_ACCOUNT_DIRECTORY) private readonly carriers: CarrierAccountDirectory,
    private readonly quoter: ShippingQuoter,
    private readonly references: ConfiguredReferences,
    @Optional() @Inject(SHIPMENT_SERVICE_LEVELS) private readonly serviceLevels?: ShipmentServiceLevels,
    @Optional() @Inject(SHIPMENT_ROUTER) private readonly router?: ShipmentRouter,
  ) {}

  execute({ tenantId, shipmentRef, change, meta }: ChangeShipmentCommand): Promise<ShipmentState> {
    return this.shipments.execute(tenantId, shipmentRef, (state) => this.complete(tenantId, change, state), meta);
  }

  private async complete(tenantId: string, change: ShipmentChange, state: ShipmentState): Promise<ShipmentCommand> {
    switch (change.type) {
      case 'ConfirmShipment':
      case 'ReprocessShipment': {
        // What the shipment names in the configuration is checked again: a problem is a booking error.
        const named = await this.references.forBooking(tenantId, state.content, change.patch);
        const content = named.patch ? applyPatch(state.content, named.patch) : state.content;
        const shipment = { shipment_id: state.shipment_id, content };
        // Service-level dates are set on confirm (reprocess keeps the ones it has), read beside the routing.
        const [carrier, service_levels] = await Promise.all([
          assignCarrier({ directory: this.carriers, router: this.router }, tenantId, shipment, undefined, change.at),
          change.type === 'ConfirmShipment' ? this.serviceLevels?.estimate(tenantId, shipment, change.at) : undefined,
        ]);
        return { ...change, patch: named.patch, reference_problems: named.problems, carrier, ...(service_levels ? { service_levels } : {}) };
      }
      case 'UpdateShipment': {
        // Checked against the body's merchant, else the shipment's; a problem refuses the update (400).
        const merchant = change.patch.merchant ?? state.content.merchant;
        return { ...change, patch: await this.references.resolveOrRefuse(tenantId, merchant, change.patch) };
      }
      case 'ReassignShipment': {
        const { requested, ...command } = change;
        const shipment = { shipment_id: state.shipment_id, content: state.content };
        return { ...command, carrier: await assignCarrier({ directory: this.carriers, router: this.router }, tenantId, shipment, requested ?? {}, change.at) };
      }
      case 'EstimateShippingCost':
        return { ...change, quote: await this.quoter.quote(tenantId, state, change.at) };
      default:
        return change;
    }
  }
}
