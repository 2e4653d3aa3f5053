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
 * Create: reserve the partner reference (the uniqueness guarantee) while the carrier and the service
 * levels are read, decide, then append the new stream with 'no_stream'. The booking outcome (pending /
 * error / prebooked) is decided before the shipment is written; a create whose reads fail, or whose
 * append fails, releases the reference it reserved.
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
    const reference = input.content.references?.partner_shipment_reference;
    // Three independent round trips side by side, not one after the other: routing's rulesets, the
    // service-level rulesets, and the reservation of the partner reference. Reserving before the
    // decision is safe because a create's decision cannot refuse (its stream is new: 'no_stream'), and
    // neither read refuses client input: only the reservation can answer the client (a taken reference).
    const [reads, reservation] = await Promise.allSettled([
      Promise.all([
        input.draft || input.content.pre_booked
          ? { kind: 'none' } as CarrierAssignment
          : assignCarrier({ directory: this.carriers, router: this.router }, input.tenantId, shipment, undefined, at),
        this.serviceLevels?.estimate(input.tenantId, shipment, at),
      ]),
      reference ? this.references.reserve(input.tenantId, reference, shipmentId, meta, at) : undefined,
    ]);
    const reserved = reference !== undefined && reservation.status === 'fulfilled';
    // The shipment is not written: its reference must not stay taken.
    const release = () => (reserved ? this.references.release(input.tenantId, reference, shipmentId, meta, at) : Promise.resolve());
    if (reservation.status === 'rejected') throw reservation.reason;
    if (reads.status === 'rejected') {
      await release();
      throw reads.reason;
    }
    const [carrier, service_levels] = reads.value;
    const state = { ...initialShipmentState(), shipment_id: shipmentId };
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
    let created: ShipmentState;
    try {
      ({ state: created } = await this.repository.handle(shipmentId, input.tenantId, command, meta, {
        loaded: { state, revision: 'no_stream' },
        expectedRevision: 'no_stream',
      }));
    } catch (error) {
      const lostRace = error instanceof WrongExpectedRevisionError;
      // A concurrent retry of the same keyed create appended first: that shipment is the answer (and
      // the reservation, made for the same shipment id, is its own).
      const earlier = input.idempotency && lostRace ? await this.earlierCreate(input.tenantId, shipmentId) : undefined;
      if (earlier) return earlier;
      await release();
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
