import { sequenceDecider, type Decider } from './decider';

type Add = { type: 'Add'; at: string; by: number };
type Added = { type: 'Added'; data: { by: number } };
/** A counter that ignores adding zero and refuses to go above 10. */
const counter: Decider<Add, Added, number> = {
  initialState: () => 0,
  evolve: (state, event) => state + event.data.by,
  decide: (command, state) => {
    if (state + command.by > 10) throw new Error('over 10');
    return command.by === 0 ? [] : [{ type: 'Added', data: { by: command.by } }];
  },
};
const add = (by: number, at = 't1'): Add => ({ type: 'Add', at, by });

describe('sequenceDecider', () => {
  it('given a state, when a list of commands, then each is judged against the state the earlier ones left', () => {
    expect(sequenceDecider(counter).decide([add(2), add(3)], 4)).toEqual([{ type: 'Added', data: { by: 2 } }, { type: 'Added', data: { by: 3 } }]);
    expect(() => sequenceDecider(counter).decide([add(5), add(5)], 1)).toThrow('over 10');
  });

  it('throws on a command that decides nothing, naming it and its time', () => {
    expect(() => sequenceDecider(counter).decide([add(1), add(0, 't2')], 0)).toThrow('Add at t2 decided nothing');
  });

  it('throws with the reason `refuse` names for a command\'s events', () => {
    const noThrees = sequenceDecider(counter, (decided) => (decided.some((event) => event.data.by === 3) ? 'added three' : undefined));
    expect(() => noThrees.decide([add(1), add(3, 't3')], 0)).toThrow('Add at t3 added three');
    expect(noThrees.decide([add(1)], 0)).toHaveLength(1);
  });
});
