import { deciderSpec } from '@shipledger/testing';
import { bookedShipment, createCommand, CREATED } from './manifest.fixtures';
import { manifestDecider } from './manifest.decider';
import { shipmentProblems } from './manifest.decide';
import type { ShipmentFacts } from './manifest.commands';

/** One violation per row, each named by its position and shipment id. */
const VIOLATIONS: [string, ShipmentFacts, string][] = [
  ['unknown', { shipment_id: 's9', found: false }, 'shipment s9 is unknown'],
  ['wrong status', bookedShipment('s9', { status: 'pending' }), 'shipment s9 is pending; a manifest takes only booked or ready_to_ship shipments'],
  ['other account', bookedShipment('s9', { carrier_account_id: 'acc-2' }), "shipment s9 has carrier account acc-2, not the manifest's acc-1"],
  ['other merchant', bookedShipment('s9', { merchant: 'M2' }), "shipment s9 belongs to merchant M2, not the manifest's M1"],
  ['other pickup', bookedShipment('s9', { pickup: 'WH-2' }), "shipment s9 is picked up at WH-2, not the manifest's WH-1"],
  ['already in an open manifest', bookedShipment('s9', { open_manifest: 'man-0' }), 'shipment s9 is already in open manifest man-0'],
];

describe('CreateManifest', () => {
  it('records the shipments as listed', () => {
    deciderSpec(manifestDecider).given([]).when(createCommand()).then([CREATED]);
  });

  it('accepts ready_to_ship shipments', () => {
    expect(shipmentProblems(createCommand([bookedShipment('s1'), bookedShipment('s2', { status: 'ready_to_ship' })]))).toEqual([]);
  });

  it.each(VIOLATIONS)('refuses a shipment that is %s, naming it', (_name, facts, message) => {
    deciderSpec(manifestDecider).given([]).when(createCommand([bookedShipment('s1'), facts])).thenThrows(`shipment_ids[1] : ${message}`);
  });

  it('names every violation, not only the first', () => {
    const problems = shipmentProblems(createCommand([bookedShipment('s1', { merchant: 'M2', pickup: 'WH-2' }), { shipment_id: 's2', found: false }], { pickup: 'WH-1' }));
    expect(problems.map((p) => p.field)).toEqual(['shipment_ids[0]', 'shipment_ids[0]', 'shipment_ids[1]']);
  });

  it('compares with the requested pickup when one is given', () => {
    expect(shipmentProblems(createCommand([bookedShipment('s1')], { pickup: 'WH-7' }))).toEqual([
      { field: 'shipment_ids[0]', message: "shipment s1 is picked up at WH-1, not the manifest's WH-7" },
    ]);
  });

  it('refuses an unknown or unusable carrier account', () => {
    deciderSpec(manifestDecider).given([]).when(createCommand(undefined, { carrier_account: undefined, requested_carrier_account_id: 'nope' }))
      .thenThrows('carrier_account : carrier account nope is unknown or not active');
  });
});
