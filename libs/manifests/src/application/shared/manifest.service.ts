import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CARRIER_MANIFESTS, type CarrierManifests } from '@shipledger/carriers';
import type { CommandContext } from '@shipledger/ddd';
import { EVENT_STORE, type EventStore } from '@shipledger/event-store';
import { ApiError, canAccessMerchant, PLATFORM_SERVICES, type AuthContext, type PlatformServices } from '@shipledger/platform';
import { ShippingCommands } from '@shipledger/shipping';
import { ManifestCommandRejected, type CreateManifest, type ManifestCommand, type ManifestState } from '../../domain';
import { shipmentFacts } from './manifest-facts';
import { countShipped, countSubmission } from './manifest.metrics';
import { ManifestRepository } from './manifest.repository';
import { ShipmentReservations } from './shipment-reservations';

export interface CreateManifestInput {
  merchant: string;
  carrier_account: string;
  shipment_ids: string[];
  pickup?: string;
  pickup_schedule_from?: string;
  pickup_schedule_to?: string;
  ship_manifest_date?: string;
}

/** Shipment statuses `ship` moves to shipped (the manual table's allowed sources for shipped). */
const SHIPPABLE = ['booked', 'ready_to_ship', 'failed_collection_attempt'];

/**
 * The manifest use cases. Every manifest change is a command on the manifest stream (libs/ddd handle);
 * shipments are read and moved only through shipping's ShippingCommands, and carriers are reached
 * only through CarrierManifests.
 */
@Injectable()
export class ManifestService {
  readonly repository: ManifestRepository;
  private readonly reservations: ShipmentReservations;
  private readonly shipping: ShippingCommands;

  constructor(
    @Inject(EVENT_STORE) eventStore: EventStore,
    @Inject(CARRIER_MANIFESTS) readonly carriers: CarrierManifests,
    @Inject(PLATFORM_SERVICES) private readonly platform: PlatformServices,
  ) {
    this.repository = new ManifestRepository(eventStore);
    this.reservations = new ShipmentReservations(eventStore);
    this.shipping = new ShippingCommands(eventStore);
  }

  async create(auth: AuthContext, input: CreateManifestInput, now = new Date()): Promise<ManifestState> {
    await this.checkMerchant(auth, input.merchant);
    const tenantId = auth.tenantId;
    const account = await this.carriers.account(tenantId, input.carrier_account);
    const at = now.toISOString();
    const states = await Promise.all(input.shipment_ids.map((id) => this.shipping.load(tenantId, id)));
    const holders = await Promise.all(input.shipment_ids.map((id, index) => (states[index] ? this.reservations.openHolder(tenantId, id, at) : undefined)));
    const manifestId = randomUUID();
    const command: CreateManifest = {
      type: 'CreateManifest', manifest_id: manifestId, tenant_id: tenantId, merchant: input.merchant,
      carrier_account: account && account.status === 'active' ? account : undefined,
      requested_carrier_account_id: input.carrier_account,
      pickup: input.pickup, pickup_schedule_from: input.pickup_schedule_from, pickup_schedule_to: input.pickup_schedule_to,
      ship_manifest_date: input.ship_manifest_date,
      // A shipment of a merchant outside the caller's scopes reads as unknown.
      shipments: input.shipment_ids.map((id, index) => {
        const state = states[index];
        const facts = shipmentFacts(id, state && canAccessMerchant(auth, state.content.merchant ?? '') ? state : undefined);
        return facts.found && holders[index] ? { ...facts, open_manifest: holders[index] } : facts;
      }),
      at, actor: auth.clientId,
    };
    const context = contextOf(auth);
    const result = await this.run(tenantId, manifestId, command, context, {
      expectedRevision: 'no_stream',
      beforeAppend: ({ after }) => this.reservations.reserveAll(tenantId, manifestId,
        after.shipments.map((s, index) => ({ shipment_id: s.shipment_id, field: `shipment_ids[${index}]` })), at, { ...context, actor: auth.clientId }),
    });
    return this.submit(result, context);
  }

  async retry(auth: AuthContext, manifestId: string): Promise<ManifestState> {
    await this.get(auth, manifestId);
    const context = contextOf(auth);
    const result = await this.run(auth.tenantId, manifestId, { type: 'RetryManifest', ...stamp(auth) }, context);
    return this.submit(result, context);
  }

  async change(auth: AuthContext, manifestId: string, type: 'CancelManifest' | 'DeleteManifest'): Promise<ManifestState> {
    await this.get(auth, manifestId);
    return this.run(auth.tenantId, manifestId, { type, ...stamp(auth) }, contextOf(auth));
  }

  /** Moves every shipment to shipped as the merchant's update-status would (rule 4), after ManifestShipped. */
  async ship(auth: AuthContext, manifestId: string): Promise<{ state: ManifestState; moved: { shipment_id: string; status: string }[] }> {
    await this.get(auth, manifestId);
    const state = await this.run(auth.tenantId, manifestId, { type: 'ShipManifest', ...stamp(auth) }, contextOf(auth));
    const at = state.shipped_date ?? new Date().toISOString();
    const moved = [];
    for (const shipment of state.shipments) {
      // Deterministic causation: shipping again (after a crash) records each move once.
      const causationId = `manifest-ship:${manifestId}:${shipment.shipment_id}`;
      // The history names the merchant's client and the manifest it shipped with.
      const actor = `${auth.clientId} via manifest ${manifestId}`;
      await this.shipping.record(auth.tenantId, shipment.shipment_id, {
        causationId, correlationId: auth.correlationId, requestId: auth.requestId, actor,
      }, (current) => (SHIPPABLE.includes(current.status)
        ? { type: 'UpdateShipmentStatus', new_status: 'shipped', update_date: at, at, actor }
        : undefined));
      const after = await this.shipping.load(auth.tenantId, shipment.shipment_id);
      moved.push({ shipment_id: shipment.shipment_id, status: after?.status ?? 'unknown' });
    }
    countShipped(moved.filter((m) => m.status === 'shipped').length);
    return { state, moved };
  }

  async get(auth: AuthContext, manifestId: string): Promise<ManifestState> {
    const state = await this.repository.load(auth.tenantId, manifestId);
    if (!state || !canAccessMerchant(auth, state.merchant)) throw ApiError.notFound(`manifest ${manifestId} not found`);
    return state;
  }

  /** Hands the manifest to its carrier when a submission is pending, and records the answer. */
  private async submit(state: ManifestState, context: CommandContext): Promise<ManifestState> {
    if (state.status !== 'pending') return state;
    const outcome = await this.carriers.submit({
      tenantId: state.tenant_id, requestId: `${state.manifest_id}:${state.submission}`, manifestId: state.manifest_id,
      carrierAccountId: state.carrier_account_id, shipments: state.shipments.map(({ shipment_id, tracking_no }) => ({ shipment_id, tracking_no })),
      pickupFrom: state.pickup_schedule_from, pickupTo: state.pickup_schedule_to,
    });
    countSubmission(state.carrier, outcome.ok ? 'submitted' : 'submission_failed');
    return this.run(state.tenant_id, state.manifest_id, {
      type: 'RecordManifestSubmission', submission: state.submission, at: new Date().toISOString(), actor: `carrier:${state.carrier}`,
      outcome: outcome.ok ? { ok: true, carrier_manifest_reference: outcome.reference } : { ok: false, error_details: outcome.errors },
    }, context);
  }

  private async run(
    tenantId: string, manifestId: string, command: ManifestCommand, context: CommandContext,
    options: Parameters<ManifestRepository['handle']>[4] = {},
  ): Promise<ManifestState> {
    try {
      return (await this.repository.handle(tenantId, manifestId, command, context, options)).state;
    } catch (error) {
      if (!(error instanceof ManifestCommandRejected)) throw error;
      if (error.code === 'not_found') throw ApiError.notFound(`manifest ${manifestId} not found`);
      throw new ApiError(400, error.problems.map((p) => `${p.field} : ${p.message}`), 'validation_failed', error.problems);
    }
  }

  private async checkMerchant(auth: AuthContext, merchant: string): Promise<void> {
    if (!canAccessMerchant(auth, merchant)) throw ApiError.forbidden(`Not allowed to act for merchant ${merchant}`);
    if (!(await this.platform.directory.hasMerchant(auth.tenantId, merchant))) {
      throw ApiError.badRequest(`merchant : unknown merchant ${merchant}`, [{ field: 'merchant', message: `unknown merchant ${merchant}` }], 'validation_failed');
    }
  }
}

function stamp(auth: AuthContext): { at: string; actor: string } {
  return { at: new Date().toISOString(), actor: auth.clientId };
}

function contextOf(auth: AuthContext): CommandContext {
  return { requestId: auth.requestId, correlationId: auth.correlationId };
}
