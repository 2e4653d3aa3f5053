import { foldEvents, type Decider, type DomainEvent } from '@shipledger/ddd';

/** As jest's toThrow: a piece of the message, a pattern, an error whose message must be equal, or a class. */
type ErrorMatcher = string | RegExp | Error | (new (...args: any[]) => Error);

/**
 * A decider specification: given events, when a command, then the events it decides (or the error it
 * throws). `deciderSpec(shipmentDecider).given([created]).when(confirm).then([confirmed, requested])`.
 */
export function deciderSpec<C, E extends DomainEvent, S>(decider: Decider<C, E, S>) {
  return {
    given(events: readonly E[] = []) {
      const state = foldEvents(decider, events);
      return {
        when(command: C) {
          const decide = () => decider.decide(command, state);
          return {
            then(expected: readonly E[]): void {
              expect(decide()).toEqual(expected);
            },
            thenNothing(): void {
              expect(decide()).toEqual([]);
            },
            thenThrows(matcher: ErrorMatcher): void {
              expect(decide).toThrow(matcher);
            },
            /** The state after the decided events, for checks the events alone do not show. */
            thenState(check: (after: S) => void): void {
              check(foldEvents(decider, decide(), state));
            },
          };
        },
      };
    },
  };
}
