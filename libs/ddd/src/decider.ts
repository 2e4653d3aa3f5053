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

/**
 * A decider whose command is a list of the inner decider's commands, each judged against the state the
 * earlier ones left: a made-up history decided as one command, so it obeys every rule a live stream
 * obeys and is appended in one go. A command that decides nothing, or that `refuse` names a reason
 * for, throws: such a history is a mistake in its plan, not something to record.
 */
export function sequenceDecider<TCommand extends { type: string; at: string }, TEvent extends DomainEvent, TState>(
  decider: Decider<TCommand, TEvent, TState>,
  refuse: (decided: readonly TEvent[]) => string | undefined = () => undefined,
): Decider<readonly TCommand[], TEvent, TState> {
  return {
    initialState: decider.initialState,
    evolve: decider.evolve,
    decide(commands, state) {
      const events: TEvent[] = [];
      let current = state;
      for (const command of commands) {
        const decided = decider.decide(command, current);
        if (decided.length === 0) throw new Error(`${command.type} at ${command.at} decided nothing`);
        const reason = refuse(decided);
        if (reason !== undefined) throw new Error(`${command.type} at ${command.at} ${reason}`);
        current = foldEvents(decider, decided, current);
        events.push(...decided);
      }
      return events;
    },
  };
}
