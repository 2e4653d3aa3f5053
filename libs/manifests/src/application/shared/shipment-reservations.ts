import { handle, loadStream, type CommandContext } from '@shipledger/ddd';

/** The request a claim comes from, and who sent it (the reservation events' metadata). */
export type ReservationContext = CommandContext & { actor: string };
import type { EventStore } from '@shipledger/event-store';
import {
  isOpenManifestStatus, manifestDecider, manifestStreamId, shipmentReservationDecider, shipmentReservationStreamId,
} from '../../domain';

/** A claim whose manifest never appeared (a create that stopped between the two appends) lapses after this. */
export const ORPHAN_RESERVATION_MS = 60_000;

/**
 * The one-open-manifest guarantee (docs/adr/0012-one-open-manifest-per-shipment.md). Each shipment has a
 * reservation stream; a create claims every shipment (in id order) before its manifest stream exists.
 * Invariant: a claim is appended only at the revision it was decided on, and the decision refuses when
 * the current holder still counts — its manifest is open and lists the shipment, or is younger than
 * ORPHAN_RESERVATION_MS and not written yet. Of two racing creates, the second append fails on the
 * revision, reloads, sees the first holder and is refused. Closing a manifest needs no release: a
 * closed holder stops counting; a failed create releases what it claimed (best effort; else it lapses).
 */
export class ShipmentReservations {
  constructor(private readonly eventStore: EventStore) {}

  async reserveAll(tenantId: string, manifestId: string, shipments: { shipment_id: string; field: string }[], at: string, context: ReservationContext): Promise<void> {
    const claimed: string[] = [];
    try {
      for (const shipment of [...shipments].sort((a, b) => a.shipment_id.localeCompare(b.shipment_id))) {
        await this.reserve(tenantId, manifestId, shipment.shipment_id, shipment.field, at, context);
        claimed.push(shipment.shipment_id);
      }
    } catch (error) {
      await this.releaseAll(tenantId, manifestId, claimed, at, context).catch(() => undefined);
      throw error;
    }
  }

  async releaseAll(tenantId: string, manifestId: string, shipmentIds: readonly string[], at: string, context: ReservationContext): Promise<void> {
    for (const shipmentId of shipmentIds) {
      await handle(this.eventStore, shipmentReservationDecider, shipmentReservationStreamId(tenantId, shipmentId),
        { type: 'ReleaseShipment', shipment_id: shipmentId, manifest_id: manifestId, at },
        { metadata: (event) => this.metadata(tenantId, event.data.at, context) });
    }
  }

  /** The open manifest holding the shipment now (a read: requests see every violation before anything is appended). */
  async openHolder(tenantId: string, shipmentId: string, now: string): Promise<string | undefined> {
    const { state } = await loadStream(this.eventStore, shipmentReservationDecider, shipmentReservationStreamId(tenantId, shipmentId));
    if (!state.holder) return undefined;
    return (await this.holderCounts(state.holder, shipmentId, state.reserved_at ?? now, now)) ? state.holder : undefined;
  }

  private async reserve(tenantId: string, manifestId: string, shipmentId: string, field: string, at: string, context: ReservationContext): Promise<void> {
    await handle(this.eventStore, shipmentReservationDecider, shipmentReservationStreamId(tenantId, shipmentId), async (state) => ({
      type: 'ReserveShipment' as const,
      shipment_id: shipmentId,
      manifest_id: manifestId,
      field,
      at,
      holder_open: state.holder !== undefined && state.holder !== manifestId
        && await this.holderCounts(state.holder, shipmentId, state.reserved_at ?? at, at),
    }), { metadata: (event) => this.metadata(tenantId, event.data.at, context) });
  }

  private async holderCounts(holder: string, shipmentId: string, reservedAt: string, now: string): Promise<boolean> {
    const { state } = await loadStream(this.eventStore, manifestDecider, manifestStreamId(holder));
    if (!state.exists) return Date.parse(now) - Date.parse(reservedAt) < ORPHAN_RESERVATION_MS;
    return isOpenManifestStatus(state.status) && state.shipments.some((s) => s.shipment_id === shipmentId);
  }

  private metadata(tenantId: string, at: string, context: ReservationContext) {
    return {
      tenantId, actor: context.actor, correlationId: context.correlationId, causationId: context.causationId ?? context.requestId,
      requestId: context.requestId, schemaVersion: 1, occurredAt: at,
    };
  }
}
