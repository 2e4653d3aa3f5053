import { randomUUID } from 'node:crypto';
import { Inject, Optional } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { deterministicUuid } from '@shipledger/ddd';
import { WrongExpectedRevisionError } from '@shipledger/event-store';
import { crashPoint } from '@shipledger/platform';
import {
  initialShipmentState,
  ShipmentCommandRejected,
  ShipmentMessages,
  type CarrierAssignment,
  type CreateShipment,
  type ShipmentContent,
  type ShipmentState,
} from '../../domain/shipment';
import { CARRIER_ACCOUNT_DIRECTORY, type CarrierAccountDirectory } from '../ports/carrier-account-directory.port';
import { SHIPMENT_SERVICE_LEVELS, type ShipmentServiceLevels } from '../ports/shipment-service-levels.port';
import { SHIPMENT_ROUTER, type ShipmentRouter } from '../ports/shipment-router.port';
import { assignCarrier } from '../shared/carrier-assignment';
import type { CommandMeta } from '../shared/command-meta';
import { ShipmentReferences } from '../shared/shipment-references';
import { ShipmentRepository } from '../shared/shipment.repository';

export interface CreateShipmentInput {
  tenantId: string;
  content: ShipmentContent;
  draft: boolean;
  /** The Idempotency-Key the request claimed, with its request hash: the shipment id is derived from them. */
  idempotency?: { key: string; requestHash: string };
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
 * Create: decide, reserve the partner reference (the uniqueness guarantee), then append the new stream
 * with 'no_stream'.
 * The booking outcome (pending / error / prebooked) is decided before anything is written.
 *
 * With an Idempotency-Key the shipment id is a pure function of tenant, key and request hash, so a
 * retry of a create whose append committed but whose answer (and stored idempotent response) was lost
 * finds its own shipment and answers it, instead of colliding with its own reference reservation.
 */
@CommandHandler(CreateShipmentCommand)
export class CreateShipmentHandler implements ICommandHandler<CreateShipmentCommand, ShipmentState> {
  constructor(
    private readonly repository: ShipmentRepository,
    private readonly references: ShipmentReferences,
    @Inject(CARRIER_ACCOUNT_DIRECTORY) private readonly carriers: CarrierAccountDirectory,
    @Optional() @Inject(SHIPMENT_SERVICE_LEVELS) private readonly serviceLevels?: ShipmentServiceLevels,
    @Optional() @Inject(SHIPMENT_ROUTER) private readonly router?: ShipmentRouter,
  ) {}

  async execute({ input, meta }: CreateShipmentCommand): Promise<ShipmentState> {
    const shipmentId = input.shipmentId ?? (input.idempotency ? idempotentShipmentId(input.tenantId, input.idempotency) : randomUUID());
    if (input.idempotency) {
      const earlier = await this.earlierCreate(input.tenantId, shipmentId);
      if (earlier) return earlier;
    }
    const at = (input.now ?? new Date()).toISOString();
    const shipment = { shipment_id: shipmentId, content: input.content };
    // Independent reads (routing's rulesets, the service-level rulesets): side by side, not one after the other.
    const [carrier, service_levels] = await Promise.all([
      input.draft || input.content.pre_booked
        ? { kind: 'none' } as CarrierAssignment
        : assignCarrier({ directory: this.carriers, router: this.router }, input.tenantId, shipment, undefined, at),
      this.serviceLevels?.estimate(input.tenantId, shipment, at),
    ]);
    const state = { ...initialShipmentState(), shipment_id: shipmentId };
    const reference = input.content.references?.partner_shipment_reference;
    const command: CreateShipment = {
      type: 'CreateShipment',
      shipment_id: shipmentId,
      tenant_id: input.tenantId,
      content: input.content,
      draft: input.draft,
      carrier,
      booking_attempt_id: randomUUID(),
      service_levels,
      at,
      actor: meta.actor,
    };
    let reserved = false;
    let created: ShipmentState;
    try {
      ({ state: created } = await this.repository.handle(shipmentId, input.tenantId, command, meta, {
        loaded: { state, revision: 'no_stream' },
        expectedRevision: 'no_stream',
        beforeAppend: async () => {
          if (!reference) return;
          await this.references.reserve(input.tenantId, reference, shipmentId, meta, at);
          reserved = true;
        },
      }));
    } catch (error) {
      const lostRace = error instanceof WrongExpectedRevisionError;
      // A concurrent retry of the same keyed create appended first: that shipment is the answer.
      const earlier = input.idempotency && lostRace ? await this.earlierCreate(input.tenantId, shipmentId) : undefined;
      if (earlier) return earlier;
      // The shipment was not written: its reference must not stay taken.
      if (reference && reserved) await this.references.release(input.tenantId, reference, shipmentId, meta, at);
      // A fresh UUID never collides; if it ever did, the create must not write into someone's shipment.
      if (lostRace) throw new ShipmentCommandRejected('already_exists', ShipmentMessages.duplicateReference());
      throw error;
    }
    crashPoint('create-after-append');
    return created;
  }

  /** The shipment an earlier attempt of this keyed create wrote, as it stands now. */
  private async earlierCreate(tenantId: string, shipmentId: string): Promise<ShipmentState | undefined> {
    const { state } = await this.repository.load(shipmentId);
    return state.exists && state.tenant_id === tenantId ? state : undefined;
  }
}

/** A UUID (version 5 layout, SHA-256 based) of tenant, Idempotency-Key and request hash. */
export function idempotentShipmentId(tenantId: string, idempotency: { key: string; requestHash: string }): string {
  return deterministicUuid('shipment-create', tenantId, idempotency.key, idempotency.requestHash);
}
