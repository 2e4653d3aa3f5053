import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { WrongExpectedRevisionError } from '@shipledger/event-store';
import {
  decide,
  fold,
  initialShipmentState,
  ShipmentCommandRejected,
  ShipmentMessages,
  type CarrierAssignment,
  type ShipmentContent,
  type ShipmentState,
} from '../../domain/shipment';
import { CarrierAccountsGateway } from '../ports/carrier-accounts.gateway';
import { assignCarrier } from '../shared/carrier-assignment';
import type { CommandMeta } from '../shared/command-meta';
import { ShipmentReferences } from '../shared/shipment-references';
import { ShipmentRepository } from '../shared/shipment.repository';

export interface CreateShipmentInput {
  tenantId: string;
  content: ShipmentContent;
  draft: boolean;
  /** Clock and id sources, injectable for tests. */
  now?: Date;
  shipmentId?: string;
}

export class CreateShipmentCommand extends Command<ShipmentState> {
  constructor(readonly input: CreateShipmentInput, readonly meta: CommandMeta) {
    super();
  }
}

/**
 * Create: reserve the partner reference (the uniqueness guarantee), then append the new stream.
 * The booking outcome (pending / error / prebooked) is decided before anything is written.
 */
@CommandHandler(CreateShipmentCommand)
export class CreateShipmentHandler implements ICommandHandler<CreateShipmentCommand, ShipmentState> {
  constructor(
    private readonly repository: ShipmentRepository,
    private readonly references: ShipmentReferences,
    private readonly carriers: CarrierAccountsGateway,
  ) {}

  async execute({ input, meta }: CreateShipmentCommand): Promise<ShipmentState> {
    const shipmentId = input.shipmentId ?? randomUUID();
    const at = (input.now ?? new Date()).toISOString();
    const carrier: CarrierAssignment = input.draft || input.content.pre_booked
      ? { kind: 'none' }
      : await assignCarrier(this.carriers, input.tenantId, { shipment_id: shipmentId, content: input.content });
    const state = { ...initialShipmentState(), shipment_id: shipmentId };
    const events = decide({
      type: 'CreateShipment',
      shipment_id: shipmentId,
      tenant_id: input.tenantId,
      content: input.content,
      draft: input.draft,
      carrier,
      booking_attempt_id: randomUUID(),
      at,
      actor: meta.actor,
    }, state);
    const reference = input.content.references?.partner_shipment_reference;
    if (reference) await this.references.reserve(input.tenantId, reference, shipmentId, meta, at);
    try {
      await this.repository.append(shipmentId, input.tenantId, events, 'no_stream', meta);
    } catch (error) {
      // The shipment was not written: its reference must not stay taken.
      if (reference) await this.references.release(input.tenantId, reference, shipmentId, meta, at);
      // A fresh UUID never collides; if it ever did, the create must not write into someone's shipment.
      if (error instanceof WrongExpectedRevisionError) throw new ShipmentCommandRejected('already_exists', ShipmentMessages.duplicateReference());
      throw error;
    }
    return fold(events, state);
  }
}
