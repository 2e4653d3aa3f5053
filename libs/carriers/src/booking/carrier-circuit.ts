import type { ErrorDetail } from '@shipledger/shipping';
import { CarrierUnavailableError, carrierError, type CarrierOutcome } from '../carrier/carrier.port';

/**
 * A circuit breaker per carrier account, in each worker, around each call to the carrier (each try of a
 * booking's retry budget). Booking slots are shared by every tenant in the event log's order, and a
 * booking whose carrier does not answer holds its slot for the whole budget (~33 s by default: 3 calls of
 * 10 s, 1 s and 2 s between). Once `openAfter` calls of an account in a row got no answer (no response in
 * time, a network failure, a 5xx), every further call of the account fails at once with
 * `carrier_unavailable` for `openForMs` — the bookings in hand included, at their next try — then one
 * call is let through as a trial: answered (a booking or a refusal) closes the circuit, not answered opens
 * it again. So a burst of one tenant's bookings on a carrier that hangs holds the slots for about one
 * call (~11 s: the first wave of calls, then a refused retry), not for each booking's whole budget.
 */
export interface CircuitPolicy {
  /** Calls in a row that got no answer before the circuit opens. */
  openAfter: number;
  /** How long an open circuit fails calls without making them; then one trial goes through. */
  openForMs: number;
}

/**
 * 10 calls in a row: a burst on a carrier that hangs brings that many no-answers in its first wave, and a
 * carrier that fails one call in twenty at random (with answered calls between) almost never does (0.05¹⁰);
 * counted per call, 3 in a row would come every ~8,000 calls of such a carrier, every ~30 s at 270 bookings/s.
 */
export const DEFAULT_CIRCUIT: CircuitPolicy = { openAfter: 10, openForMs: 30_000 };

export type CircuitState =
  | { kind: 'closed'; unanswered: number }
  | { kind: 'open'; until: number }
  | { kind: 'trial' };

export type CircuitEvent = 'admit' | 'answered' | 'unanswered';

/** What a call may do: go to the carrier, or fail at once until `until`. */
export type Admission = { call: true } | { call: false; until: number };

/**
 * The lifecycle as data (walked by carrier-circuit.unit.spec.ts): from each state, on each event, the next
 * state and whether an admitted call goes out to the carrier.
 */
export const CIRCUIT_RULES: ReadonlyArray<{ from: CircuitState['kind']; on: CircuitEvent; when?: string; to: CircuitState['kind']; calls?: boolean }> = [
  { from: 'closed', on: 'admit', to: 'closed', calls: true },
  { from: 'closed', on: 'answered', to: 'closed', when: 'the count of unanswered calls starts again at 0' },
  { from: 'closed', on: 'unanswered', to: 'closed', when: 'fewer than openAfter in a row' },
  { from: 'closed', on: 'unanswered', to: 'open', when: 'the openAfter-th in a row' },
  { from: 'open', on: 'admit', to: 'open', calls: false, when: 'before until' },
  { from: 'open', on: 'admit', to: 'trial', calls: true, when: 'from until on: this call is the trial' },
  { from: 'open', on: 'answered', to: 'closed', when: 'a call admitted before the circuit opened was answered' },
  { from: 'open', on: 'unanswered', to: 'open' },
  { from: 'trial', on: 'admit', to: 'trial', calls: false, when: 'the trial is still out: fail at once' },
  { from: 'trial', on: 'answered', to: 'closed' },
  { from: 'trial', on: 'unanswered', to: 'open', when: 'for openForMs again' },
];

/** One step of the lifecycle (pure): the next state, and for 'admit' whether the call goes out. */
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

/** The circuits of one worker, one per (tenant, carrier account) that has had an unanswered call lately. */
export class CarrierCircuits {
  private readonly states = new Map<string, CircuitState>();
  private now: () => number = () => Date.now();

  constructor(private readonly policy: CircuitPolicy = DEFAULT_CIRCUIT) {}

  /** Tests move time. */
  useClock(now: () => number): void {
    this.now = now;
  }

  /**
   * One call to the carrier under its account's circuit: while open, the failure at once without calling
   * (an outcome, which the retry loop does not retry); otherwise `attempt`'s outcome, an answer. A call
   * that throws CarrierUnavailableError got no answer: remembered as such and rethrown (the retry loop
   * tries again, through the circuit). Any other throw (not the carrier's doing: the runner retries or
   * parks it) counts as answered.
   */
  async call<T>(key: string, attempt: () => Promise<CarrierOutcome<T>>): Promise<CarrierOutcome<T>> {
    const admission = this.admit(key);
    if (!admission.call) return { ok: false, errors: [this.openError(admission.until)] };
    try {
      const outcome = await attempt();
      this.record(key, 'answered');
      return outcome;
    } catch (error) {
      this.record(key, error instanceof CarrierUnavailableError ? 'unanswered' : 'answered');
      throw error;
    }
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
      `The carrier did not answer the last ${this.policy.openAfter} calls for this account; it is not called again before ${new Date(until).toISOString()}`,
      undefined, 'TECHNICAL');
  }

  private stateOf(key: string): CircuitState {
    return this.states.get(key) ?? { kind: 'closed', unanswered: 0 };
  }

  /** Only circuits with something to remember are kept: the map holds accounts with recent unanswered calls. */
  private set(key: string, state: CircuitState): void {
    if (state.kind === 'closed' && state.unanswered === 0) this.states.delete(key);
    else this.states.set(key, state);
  }
}
