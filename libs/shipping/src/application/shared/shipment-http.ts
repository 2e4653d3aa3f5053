import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { AuthContext } from '@shipledger/platform';
import { applyPatch, type ShipmentPatch, type ShipmentState } from '../../domain/shipment';
import { CarrierAccountsGateway } from '../ports/carrier-accounts.gateway';
import { assignCarrier } from './carrier-assignment';
import { MerchantAccess } from './merchant-access';
import { commandMetaFrom } from './command-meta';
import { ExecuteShipmentCommand } from './execute-shipment.command';
import { ShipmentCommandService, type CommandSource } from './shipment-command.service';
import { toShipmentResponse } from './shipment-response';

export interface Stamp {
  at: string;
  actor: string;
}

/** What every shipment endpoint does around its command: stamp it, run it, answer the new shipment. */
@Injectable()
export class ShipmentHttp {
  constructor(
    readonly commands: ShipmentCommandService,
    private readonly commandBus: CommandBus,
    private readonly carriers: CarrierAccountsGateway,
    private readonly merchants: MerchantAccess,
  ) {}

  async run(auth: AuthContext, shipmentRef: string, build: (stamp: Stamp) => CommandSource): Promise<Record<string, unknown>> {
    const state = await this.execute(auth, shipmentRef, build(stampOf(auth)));
    return toShipmentResponse(state);
  }

  execute(auth: AuthContext, shipmentRef: string, source: CommandSource): Promise<ShipmentState> {
    return this.commandBus.execute(new ExecuteShipmentCommand(auth.tenantId, shipmentRef, source, commandMetaFrom(auth)));
  }

  /** A body that gives `merchant` must name one of the tenant's, within the caller's scopes (400 / 403). */
  assertMerchant(auth: AuthContext, merchant: string | undefined): Promise<void> {
    return this.merchants.check(auth, merchant);
  }

  async get(auth: AuthContext, shipmentRef: string): Promise<ShipmentState> {
    return this.commands.get(auth.tenantId, shipmentRef, { merchants: auth.merchants });
  }

  /** The carrier for the shipment as the partial body would leave it. */
  carrierFor(auth: AuthContext, state: ShipmentState, patch: ShipmentPatch | undefined) {
    const content = patch ? applyPatch(state.content, patch) : state.content;
    return assignCarrier(this.carriers, auth.tenantId, { shipment_id: state.shipment_id, content });
  }

  carrierForRequest(auth: AuthContext, state: ShipmentState, requested: { carrier_id?: string; carrier_account_name?: string } | undefined) {
    return assignCarrier(this.carriers, auth.tenantId, { shipment_id: state.shipment_id, content: state.content }, requested ?? {});
  }
}

export function stampOf(auth: AuthContext, now: Date = new Date()): Stamp {
  return { at: now.toISOString(), actor: auth.clientId };
}
