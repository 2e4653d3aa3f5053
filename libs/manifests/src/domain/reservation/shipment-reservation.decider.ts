import type { Decider, DomainEvent } from '@shipledger/ddd';
import { ManifestCommandRejected } from '../manifest/manifest.errors';

/**
 * Which manifest holds a shipment: one stream per (tenant, shipment), appended with the revision the
 * decision was read at, so of two manifests racing for a shipment exactly one appends its claim.
 * Whether an earlier holder still counts is the application's finding (`holder_open`): its manifest is
 * open and lists the shipment, or is still being created (docs/adr/0012-one-open-manifest-per-shipment.md).
 */
export type ShipmentReservationEvent =
  | DomainEvent<'ShipmentReservedForManifest', { shipment_id: string; manifest_id: string; at: string }>
  | DomainEvent<'ShipmentReleasedFromManifest', { shipment_id: string; manifest_id: string; at: string }>;

export type ShipmentReservationCommand =
  | { type: 'ReserveShipment'; shipment_id: string; manifest_id: string; holder_open: boolean; field: string; at: string }
  | { type: 'ReleaseShipment'; shipment_id: string; manifest_id: string; at: string };

export interface ShipmentReservationState {
  holder?: string;
  reserved_at?: string;
}

export const shipmentReservationDecider: Decider<ShipmentReservationCommand, ShipmentReservationEvent, ShipmentReservationState> = {
  initialState: () => ({}),
  decide(command, state) {
    const { shipment_id, manifest_id, at } = command;
    switch (command.type) {
      case 'ReserveShipment':
        if (state.holder === manifest_id) return [];
        if (state.holder && command.holder_open) {
          throw new ManifestCommandRejected('invalid', [{ field: command.field, message: `shipment ${shipment_id} is already in open manifest ${state.holder}` }]);
        }
        return [{ type: 'ShipmentReservedForManifest', data: { shipment_id, manifest_id, at } }];
      case 'ReleaseShipment':
        return state.holder === manifest_id ? [{ type: 'ShipmentReleasedFromManifest', data: { shipment_id, manifest_id, at } }] : [];
      default: {
        const never: never = command;
        throw new Error(`unknown command ${(never as { type: string }).type}`);
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'ShipmentReservedForManifest':
        return { holder: event.data.manifest_id, reserved_at: event.data.at };
      case 'ShipmentReleasedFromManifest':
        return state.holder === event.data.manifest_id ? {} : state;
      default:
        return state;
    }
  },
};
