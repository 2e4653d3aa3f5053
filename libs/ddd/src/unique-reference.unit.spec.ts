import { deciderSpec } from '../../testing/src/decider-spec';
import { uniqueReferenceDecider, type UniqueReferenceCommand, type UniqueReferenceEvent } from './unique-reference';

class Taken extends Error {}
const spec = deciderSpec(uniqueReferenceDecider({
  reserved: 'ThingReferenceReserved', released: 'ThingReferenceReleased', referenceField: 'partner_thing_reference', holderField: 'thing_id',
  duplicate: (reference) => new Taken(`taken: ${reference}`),
}));
const facts = (holder: string) => ({ tenant_id: 'T1', reference: 'R1', holder, at: '2026-11-24T10:00:00.000Z', actor: 'client-1' });
const reserve = (holder: string, holder_lapsed = false): UniqueReferenceCommand => ({ type: 'ReserveReference', holder_lapsed, ...facts(holder) });
const release = (holder: string): UniqueReferenceCommand => ({ type: 'ReleaseReference', ...facts(holder) });
const event = (type: 'Reserved' | 'Released', holder: string): UniqueReferenceEvent => ({
  type: `ThingReference${type}`, data: { tenant_id: 'T1', partner_thing_reference: 'R1', thing_id: holder, at: facts(holder).at, actor: 'client-1' },
});

describe('unique reference decider', () => {
  it.each([
    ['a new reference', [], reserve('a'), [event('Reserved', 'a')]],
    ['its own reference again', [event('Reserved', 'a')], reserve('a'), []],
    ['a released reference', [event('Reserved', 'a'), event('Released', 'a')], reserve('b'), [event('Reserved', 'b')]],
    ['a lapsed holder\'s reference', [event('Reserved', 'a')], reserve('b', true), [event('Reserved', 'b')]],
  ] as const)('reserves %s', (_name, given, command, expected) => spec.given([...given]).when(command).then([...expected]));

  it('refuses a reference another holder keeps, with the domain\'s error', () =>
    spec.given([event('Reserved', 'a')]).when(reserve('b')).thenThrows(new Taken('taken: R1')));

  it('releases only the holder\'s reference', () => {
    spec.given([event('Reserved', 'a')]).when(release('b')).thenNothing();
    spec.given([event('Reserved', 'a')]).when(release('a')).then([event('Released', 'a')]);
    spec.given([event('Reserved', 'a')]).when(release('a')).thenState((state) => expect(state.holder).toBeUndefined());
  });
});
