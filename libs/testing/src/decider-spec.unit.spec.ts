import type { Decider } from '@shipledger/ddd';
import { deciderSpec } from './decider-spec';

type Added = { type: 'Added'; data: { n: number } };
class TooMuch extends Error {}
const adder: Decider<{ add: number }, Added, { total: number }> = {
  decide: ({ add }, { total }) => {
    if (total + add > 10) throw new TooMuch('over ten');
    return add === 0 ? [] : [{ type: 'Added', data: { n: add } }];
  },
  evolve: (state, event) => ({ total: state.total + event.data.n }),
  initialState: () => ({ total: 0 }),
};
const spec = deciderSpec(adder);
const added = (n: number): Added => ({ type: 'Added', data: { n } });

describe('deciderSpec: given events, when a command, then events or an error', () => {
  it('then: the decided events, on the state the given events fold to', () => {
    spec.given([added(4)]).when({ add: 5 }).then([added(5)]);
    expect(() => spec.given([added(4)]).when({ add: 5 }).then([added(4)])).toThrow();
  });

  it('thenThrows: the domain error, which the given events cause', () => {
    spec.given([added(9)]).when({ add: 2 }).thenThrows(TooMuch);
    expect(() => spec.given([]).when({ add: 2 }).thenThrows(TooMuch)).toThrow();
  });

  it('thenNothing and thenState', () => {
    spec.given([added(1)]).when({ add: 0 }).thenNothing();
    spec.given([added(1)]).when({ add: 2 }).thenState((after) => expect(after).toEqual({ total: 3 }));
    expect(() => spec.given([]).when({ add: 1 }).thenNothing()).toThrow();
  });
});
