import type { ShipmentStatus } from './shipment.status';

export type ShipmentRejectionCode =
  | 'not_found'
  | 'already_exists'
  | 'not_editable'
  | 'not_confirmable'
  | 'status_change_not_allowed'
  | 'not_reprocessable'
  | 'final_status'
  | 'carrier_account_invalid'
  | 'document_exists'
  | 'document_missing'
  | 'not_booked'
  | 'not_draft'
  | 'not_rated';

/** A command the spec refuses; `message` is the exact text the client sees. */
export class ShipmentCommandRejected extends Error {
  constructor(readonly code: ShipmentRejectionCode, message: string) {
    super(message);
    this.name = 'ShipmentCommandRejected';
  }
}

/** The messages existing clients have seen (where-the-spec-is-silent.md, "Error bodies"). */
export const ShipmentMessages = {
  notFound: (shipmentId: string) => `No shipment found with the shipment id: ${shipmentId}`,
  duplicateReference: () => 'Duplicate partner shipment reference',
  notEditable: (shipmentId: string) => `Shipment ${shipmentId} is not [draft, error].`,
  notConfirmable: (status: ShipmentStatus) => `Only draft shipments can be confirmed. Current shipment status: ${status}.`,
  statusChangeNotAllowed: (from: ShipmentStatus, to: string) =>
    `Status change is not allowed from current status: '${from}' to the new status: '${to}'`,
  notReprocessable: (status: ShipmentStatus) => `Current shipment status '${status}' does not allow reprocessing.`,
  finalStatus: (what: string, status: ShipmentStatus) => `${what} is not allowed in the final status: ${status}.`,
  carrierAccountInvalid: (name: string) => `Carrier account ${name} is not valid for booking`,
  documentExists: (documentId: string) => `Document ${documentId} is already uploaded on this shipment`,
  documentMissing: (documentId: string) => `Document ${documentId} is not uploaded on this shipment`,
  notBooked: (shipmentId: string) => `Shipment ${shipmentId} has no label: it is not booked.`,
  bookedElsewhere: (shipmentId: string) => `Shipment ${shipmentId} was booked outside the service: it has no label to refresh.`,
  notDraftForEstimate: (status: ShipmentStatus) =>
    `The shipping cost can only be estimated for a draft shipment. Current shipment status: ${status}.`,
  notRated: (reason: string) => `The shipping cost could not be estimated: ${reason}`,
} as const;
