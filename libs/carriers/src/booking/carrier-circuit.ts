import type { ErrorDetail } from '@shipledger/shipping';
import { carrierError, type CarrierOutcome } from '../carrier/carrier.port';
import { isUnanswered } from './carrier-retry';

/**
 * A circuit breaker per carrier account, in each worker. Booking slots are shared by every tenant in the
 * event log's order, and a booking whose carrier does not answer holds its slot for the whole retry
 * budget (~33 s by default). Once an account's carrier has not answered `openAfter` bookings in a row,
 * its next bookings fail at once with `carrier_unavailable` for `openForMs`, without a call; then one
 * booking is let through as a trial: answered (a booking or a refusal) closes the circuit, not answered
 * opens it again. So a tenant whose carrier hangs holds slots for one budget, not for each of its bookings.
 */
export interface CircuitPolicy {
  /** Bookings in a row whose carrier did not answer within the retry budget before the circuit opens. */
  openAfter: number;
  /** How long an open circuit fails bookings without calling; then one trial goes through. */
  openForMs: number;
}

export const DEFAULT_CIRCUIT: CircuitPolicy = { openAfter: 3, openForMs: 30_000 };

export type CircuitState =
  | { kind: 'closed'; unanswered: number }
  | { kind: 'open'; until: number }
  | { kind: 'trial' };

export type CircuitEvent = 'admit' | 'answered' | 'unanswered';

/** What a booking may do: call the carrier, or fail at once until `until`. */
export type Admission = { call: true } | { call: false; until: number };

/**
 * The lifecycle as data (walked by carrier-circuit.unit.spec.ts): from each state, on each event, the next
 * state and whether an admitted booking calls the carrier.
 */
export const CIRCUIT_RULES: ReadonlyArray<{ from: CircuitState['kind']; on: CircuitEvent; when?: string; to: CircuitState['kind']; calls?: boolean }> = [
  { from: 'closed', on: 'admit', to: 'closed', calls: true },
  { from: 'closed', on: 'answered', to: 'closed', when: 'the count of unanswered bookings starts again at 0' },
  { from: 'closed', on: 'unanswered', to: 'closed', when: 'fewer than openAfter in a row' },
  { from: 'closed', on: 'unanswered', to: 'open', when: 'the openAfter-th in a row' },
  { from: 'open', on: 'admit', to: 'open', calls: false, when: 'before until' },
  { from: 'open', on: 'admit', to: 'trial', calls: true, when: 'from until on: this booking is the trial' },
  { from: 'open', on: 'answered', to: 'closed', when: 'a booking admitted before the circuit opened was answered' },
  { from: 'open', on: 'unanswered', to: 'open' },
  { from: 'trial', on: 'admit', to: 'trial', calls: false, when: 'the trial is still out: fail at once' },
  { from: 'trial', on: 'answered', to: 'closed' },
  { from: 'trial', on: 'unanswered', to: 'open', when: 'for openForMs again' },
];

/** One step of the lifecycle (pure): the next state, and for 'admit' whether the booking calls. */
export function stepCircuit(state: CircuitState, event: CircuitEvent, policy: CircuitPolicy, now: number): { state: CircuitState; admission?: Admission } {
  if (event === 'answered') return { state: { kind: 'closed', unanswered: 0 } };
  if (event === 'unanswered') {
    if (state.kind === 'closed' && state.unanswered + 1 < policy.openAfter) return { state: { kind: 'closed', unanswered: state.unanswered + 1 } };
    if (state.kind === 'open') return { state };
    return { state: { kind: 'open', until: now + policy.openForMs } };
  }
  if (state.kind === 'closed') return { state, admission: { call: true } };
  if (state.kind === 'open' && now >= state.until) return { state: { kind: 'trial' }, admission: { call: true } };
  if (state.kind === 'open') return { state, admission: { call: false, until: state.until } };
  return { state, admission: { call: false, until: now + 1_000 } };
}

/** The circuits of one worker, one per (tenant, carrier account) that has had an unanswered booking lately. */
export class CarrierCircuits {
  private readonly states = new Map<string, CircuitState>();
  private now: () => number = () => Date.now();

  constructor(private readonly policy: CircuitPolicy = DEFAULT_CIRCUIT) {}

  /** Tests move time. */
  useClock(now: () => number): void {
    this.now = now;
  }

  /**
   * A booking's carrier call under its account's circuit: while open, the failure at once without calling;
   * otherwise `attempt`'s outcome, remembered as answered or not. A call that throws (not a carrier that
   * does not answer: the runner retries or parks it) counts as answered.
   */
  async call<T>(key: string, attempt: () => Promise<CarrierOutcome<T>>): Promise<CarrierOutcome<T>> {
    const admission = this.admit(key);
    if (!admission.call) return { ok: false, errors: [this.openError(admission.until)] };
    let outcome: CarrierOutcome<T>;
    try {
      outcome = await attempt();
    } catch (error) {
      this.record(key, 'answered');
      throw error;
    }
    this.record(key, isUnanswered(outcome) ? 'unanswered' : 'answered');
    return outcome;
  }

  admit(key: string): Admission {
    const { state, admission } = stepCircuit(this.stateOf(key), 'admit', this.policy, this.now());
    this.set(key, state);
    return admission!;
  }

  record(key: string, outcome: 'answered' | 'unanswered'): void {
    this.set(key, stepCircuit(this.stateOf(key), outcome, this.policy, this.now()).state);
  }

  /** The error a booking fails with while its account's circuit is open. */
  openError(until: number): ErrorDetail {
    return carrierError('BOOKING', 'carrier_unavailable',
      `The carrier did not answer the last ${this.policy.openAfter} bookings of this account; it is not called again before ${new Date(until).toISOString()}`,
      undefined, 'TECHNICAL');
  }

  private stateOf(key: string): CircuitState {
    return this.states.get(key) ?? { kind: 'closed', unanswered: 0 };
  }

  /** Only circuits with something to remember are kept: the map holds accounts with recent unanswered bookings. */
  private set(key: string, state: CircuitState): void {
    if (state.kind === 'closed' && state.unanswered === 0) this.states.delete(key);
    else this.states.set(key, state);
  }
}
