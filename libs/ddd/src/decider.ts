/** An event as a decider emits it: a past-tense type and JSON-safe data. */
export interface DomainEvent<TType extends string = string, TData = unknown> {
  type: TType;
  data: TData;
}

/**
 * An aggregate written as data and pure functions: `decide` judges a command against the state and
 * answers the new events (or throws a domain error), `evolve` folds one event into the state (total,
 * never throws), `initialState` is the state of a stream with no events.
 */
export interface Decider<TCommand, TEvent extends DomainEvent, TState> {
  decide(command: TCommand, state: TState): TEvent[];
  evolve(state: TState, event: TEvent): TState;
  initialState(): TState;
}

/** The state after `events` (oldest first), from `from` or the initial state. */
export function foldEvents<TEvent extends DomainEvent, TState>(
  decider: Pick<Decider<unknown, TEvent, TState>, 'evolve' | 'initialState'>,
  events: readonly DomainEvent[],
  from: TState = decider.initialState(),
): TState {
  let state = from;
  for (const event of events) state = decider.evolve(state, { type: event.type, data: event.data } as TEvent);
  return state;
}
