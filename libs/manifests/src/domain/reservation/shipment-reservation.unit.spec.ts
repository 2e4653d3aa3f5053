import { deciderSpec } from '@shipledger/testing';
import { shipmentReservationDecider, type ShipmentReservationCommand, type ShipmentReservationEvent } from './shipment-reservation.decider';

const at = '2026-11-24T08:00:00.000Z';
const reserved = (manifest: string): ShipmentReservationEvent => ({ type: 'ShipmentReservedForManifest', data: { shipment_id: 's1', manifest_id: manifest, at } });
const reserve = (manifest: string, holderOpen: boolean): ShipmentReservationCommand => ({
  type: 'ReserveShipment', shipment_id: 's1', manifest_id: manifest, holder_open: holderOpen, field: 'shipment_ids[0]', at,
});
const spec = deciderSpec(shipmentReservationDecider);

describe('shipment reservation (one open manifest per shipment)', () => {
  it.each([
    ['a free shipment', [], reserve('m2', false), [reserved('m2')]],
    ['a shipment whose holder closed', [reserved('m1')], reserve('m2', false), [reserved('m2')]],
    ['a shipment released by its holder', [reserved('m1'), { type: 'ShipmentReleasedFromManifest', data: { shipment_id: 's1', manifest_id: 'm1', at } }], reserve('m2', false), [reserved('m2')]],
    ['its own claim again', [reserved('m2')], reserve('m2', true), []],
  ] as [string, ShipmentReservationEvent[], ShipmentReservationCommand, ShipmentReservationEvent[]][])('claims %s', (_name, given, command, expected) => {
    spec.given(given).when(command).then(expected);
  });

  it('refuses a shipment an open manifest holds, naming both', () => {
    spec.given([reserved('m1')]).when(reserve('m2', true)).thenThrows('shipment_ids[0] : shipment s1 is already in open manifest m1');
  });

  it('releases only its own claim', () => {
    spec.given([reserved('m1')]).when({ type: 'ReleaseShipment', shipment_id: 's1', manifest_id: 'm2', at }).thenNothing();
    spec.given([reserved('m1')]).when({ type: 'ReleaseShipment', shipment_id: 's1', manifest_id: 'm1', at }).thenState((s) => expect(s).toEqual({}));
  });
});
