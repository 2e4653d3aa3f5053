export * from './domain/shipment';
export * from './read-models';
export * from './application/ports/carrier-account-directory.port';
export * from './application/ports/shipping-rater.port';
export * from './application/ports/shipment-configuration.port';
export { ShipmentCommandService, type CommandSource } from './application/shared/shipment-command.service';
export type { CommandMeta } from './application/shared/command-meta';
export { toShipmentResponse } from './application/shared/shipment-response';
export { ShippingModule } from './shipping.module';
export { ShipmentDocumentContents } from './application/documents/shipment-document-contents';
/** The HTTP request contract of POST /shipments (published, e.g. for the benchmark's conventional peer). */
export { FullShipmentRequestDto } from './application/shared/dto/shipment-request.dto';
export { ShippingCommands, causedBy, type Causation } from './application/shared/shipping-commands';
export { shipmentCreator } from './application/create-shipment/shipment-creator';
