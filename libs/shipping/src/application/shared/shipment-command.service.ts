import { Injectable } from '@nestjs/common';
import type { CommandInput } from '@shipledger/ddd';
import { ShipmentCommandRejected, ShipmentMessages, type ShipmentCommand, type ShipmentState } from '../../domain/shipment';
import type { CommandMeta } from './command-meta';
import { ShipmentReferences } from './shipment-references';
import { ShipmentRepository, type LoadedShipment } from './shipment.repository';

/** A command, or a function building it from the current state (re-run on every retry). */
export type CommandSource = CommandInput<ShipmentCommand, ShipmentState>;

/**
 * Commands on an existing shipment, addressed by shipment id or partner reference, through the one
 * write path (ShipmentRepository.handle: load → decide → append with the revision read, again on a
 * lost race). A change of partner_shipment_reference reserves the new reference before the append and
 * releases the old one after it.
 */
@Injectable()
export class ShipmentCommandService {
  constructor(
    private readonly repository: ShipmentRepository,
    private readonly references: ShipmentReferences,
  ) {}

  async execute(tenantId: string, shipmentRef: string, command: CommandSource, meta: CommandMeta): Promise<ShipmentState> {
    const loaded = await this.locate(tenantId, shipmentRef, meta);
    const shipmentId = loaded.state.shipment_id;
    // A new partner reference reserved by an attempt that then lost its append: freed unless finally used.
    let reserved: { reference: string; at: string } | undefined;
    try {
      const result = await this.repository.handle(shipmentId, tenantId, command, meta, {
        loaded,
        beforeAppend: async ({ command: decided, before, after }) => {
          const now = referenceOf(after);
          if (now && now !== referenceOf(before)) {
            await this.references.reserve(tenantId, now, shipmentId, meta, decided.at);
            reserved = { reference: now, at: decided.at };
          }
        },
      });
      if (result.events.length === 0 || !result.command) return result.state;
      const before = referenceOf(result.before);
      const now = referenceOf(result.state);
      if (reserved?.reference === now) reserved = undefined;
      if (before && now !== before) await this.references.release(tenantId, before, shipmentId, meta, result.command.at);
      return result.state;
    } finally {
      if (reserved) await this.releaseIfUnused(tenantId, shipmentId, reserved, meta);
    }
  }

  private async releaseIfUnused(tenantId: string, shipmentId: string, reserved: { reference: string; at: string }, meta: CommandMeta) {
    const { state } = await this.repository.load(shipmentId);
    if (referenceOf(state) === reserved.reference) return;
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

function referenceOf(state: ShipmentState): string | undefined {
  return state.content.references?.partner_shipment_reference;
}

function visible(state: ShipmentState, tenantId: string, meta: Pick<CommandMeta, 'merchants'>): boolean {
  if (!state.exists || state.tenant_id !== tenantId) return false;
  const merchants = meta.merchants ?? '*';
  return merchants === '*' || merchants.includes(state.content.merchant ?? '');
}
