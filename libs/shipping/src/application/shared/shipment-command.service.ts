import { Injectable } from '@nestjs/common';
import { WrongExpectedRevisionError } from '@shipledger/event-store';
import {
  decide,
  fold,
  ShipmentCommandRejected,
  ShipmentMessages,
  type ShipmentCommand,
  type ShipmentState,
} from '../../domain/shipment';
import type { CommandMeta } from './command-meta';
import { ShipmentReferences } from './shipment-references';
import { ShipmentRepository, type LoadedShipment } from './shipment.repository';

/** A command, or a function building it from the current state (re-run on every retry). */
export type CommandSource = ShipmentCommand | ((state: ShipmentState) => Promise<ShipmentCommand> | ShipmentCommand);

/** Enough for 64 concurrent writers on one stream: each round of conflicts lets at least one through. */
const MAX_ATTEMPTS = 100;

/**
 * Load → decide → append with the revision read. On a conflict the whole cycle runs again on the new
 * state, so the decision is always taken against what is really in the stream (and a command the new
 * state refuses fails with the spec's message instead of overwriting).
 */
@Injectable()
export class ShipmentCommandService {
  constructor(
    private readonly repository: ShipmentRepository,
    private readonly references: ShipmentReferences,
  ) {}

  async execute(tenantId: string, shipmentRef: string, command: CommandSource, meta: CommandMeta): Promise<ShipmentState> {
    let loaded: LoadedShipment = await this.locate(tenantId, shipmentRef, meta);
    const shipmentId = loaded.state.shipment_id;
    // A new partner reference reserved by an attempt that then lost its append: freed unless finally used.
    let reserved: { reference: string; at: string } | undefined;
    try {
      for (let attempt = 1; ; attempt++) {
        const { state, expected } = loaded;
        const next = typeof command === 'function' ? await command(state) : command;
        const events = decide(next, state);
        if (events.length === 0) return state;
        const after = fold(events, state);
        const before = state.content.references?.partner_shipment_reference;
        const now = after.content.references?.partner_shipment_reference;
        if (now && now !== before) {
          await this.references.reserve(tenantId, now, shipmentId, meta, next.at);
          reserved = { reference: now, at: next.at };
        }
        try {
          await this.repository.append(shipmentId, tenantId, events, expected, meta);
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw error;
          loaded = await this.repository.load(shipmentId);
          continue;
        }
        if (reserved?.reference === now) reserved = undefined;
        if (before && now !== before) await this.references.release(tenantId, before, shipmentId, meta, next.at);
        return after;
      }
    } finally {
      if (reserved) await this.releaseIfUnused(tenantId, shipmentId, reserved, meta);
    }
  }

  private async releaseIfUnused(tenantId: string, shipmentId: string, reserved: { reference: string; at: string }, meta: CommandMeta) {
    const { state } = await this.repository.load(shipmentId);
    if (state.content.references?.partner_shipment_reference === reserved.reference) return;
    await this.references.release(tenantId, reserved.reference, shipmentId, meta, reserved.at);
  }

  /** The current state of a shipment the caller may see, by shipment id or partner reference. */
  async get(tenantId: string, shipmentRef: string, meta: Pick<CommandMeta, 'merchants'>): Promise<ShipmentState> {
    return (await this.locate(tenantId, shipmentRef, meta)).state;
  }

  /**
   * `{shipment_id}` is a shipment id or the merchant's partner_shipment_reference. Another tenant's
   * shipment, or one of a merchant outside the caller's scopes, answers exactly like an unknown one.
   */
  private async locate(tenantId: string, shipmentRef: string, meta: Pick<CommandMeta, 'merchants'>): Promise<LoadedShipment> {
    const direct = await this.repository.load(shipmentRef);
    if (visible(direct.state, tenantId, meta)) return direct;
    const shipmentId = await this.references.resolve(tenantId, shipmentRef);
    if (shipmentId) {
      const byReference = await this.repository.load(shipmentId);
      if (visible(byReference.state, tenantId, meta)) return byReference;
    }
    throw new ShipmentCommandRejected('not_found', ShipmentMessages.notFound(shipmentRef));
  }
}

function visible(state: ShipmentState, tenantId: string, meta: Pick<CommandMeta, 'merchants'>): boolean {
  if (!state.exists || state.tenant_id !== tenantId) return false;
  const merchants = meta.merchants ?? '*';
  return merchants === '*' || merchants.includes(state.content.merchant ?? '');
}
