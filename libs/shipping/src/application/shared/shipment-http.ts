import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { AuthContext } from '@shipledger/platform';
import type { ShipmentState } from '../../domain/shipment';
import { ChangeShipmentCommand, type ShipmentChange } from './change-shipment.command';
import { MerchantAccess } from './merchant-access';
import { commandMetaFrom } from './command-meta';
import { ShipmentCommandService } from './shipment-command.service';
import { toShipmentResponse } from './shipment-response';

export interface Stamp {
  at: string;
  actor: string;
}

/** A change without its stamp: ShipmentHttp stamps it with the caller and the time of the request. */
export type UnstampedChange = ShipmentChange extends infer C ? (C extends ShipmentChange ? Omit<C, keyof Stamp> : never) : never;

/** What every shipment endpoint does around its command: stamp it, send it, answer the new shipment. */
@Injectable()
export class ShipmentHttp {
  constructor(
    readonly commands: ShipmentCommandService,
    private readonly commandBus: CommandBus,
    private readonly merchants: MerchantAccess,
  ) {}

  async run(auth: AuthContext, shipmentRef: string, change: UnstampedChange): Promise<Record<string, unknown>> {
    const state = await this.execute(auth, shipmentRef, { ...change, ...stampOf(auth) } as ShipmentChange);
    return toShipmentResponse(state);
  }

  execute(auth: AuthContext, shipmentRef: string, change: ShipmentChange): Promise<ShipmentState> {
    return this.commandBus.execute(new ChangeShipmentCommand(auth.tenantId, shipmentRef, change, commandMetaFrom(auth)));
  }

  /** A body that gives `merchant` must name one of the tenant's, within the caller's scopes (400 / 403). */
  assertMerchant(auth: AuthContext, merchant: string | undefined): Promise<void> {
    return this.merchants.check(auth, merchant);
  }

  async get(auth: AuthContext, shipmentRef: string): Promise<ShipmentState> {
    return this.commands.get(auth.tenantId, shipmentRef, { merchants: auth.merchants });
  }
}

export function stampOf(auth: AuthContext, now: Date = new Date()): Stamp {
  return { at: now.toISOString(), actor: auth.clientId };
}
