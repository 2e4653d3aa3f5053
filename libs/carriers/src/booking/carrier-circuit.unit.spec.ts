import { CarrierCircuits, CIRCUIT_RULES, stepCircuit, type CircuitEvent, type CircuitState } from './carrier-circuit';

const POLICY = { openAfter: 3, openForMs: 30_000 };
const NOW = 1_000_000;

/** A state of each kind, and for each rule the state it starts from and the time it is applied at. */
const GIVEN: Record<string, { state: CircuitState; now: number }> = {
  'closed|admit|': { state: { kind: 'closed', unanswered: 1 }, now: NOW },
  'closed|answered|the count of unanswered calls starts again at 0': { state: { kind: 'closed', unanswered: 2 }, now: NOW },
  'closed|unanswered|fewer than openAfter in a row': { state: { kind: 'closed', unanswered: 1 }, now: NOW },
  'closed|unanswered|the openAfter-th in a row': { state: { kind: 'closed', unanswered: 2 }, now: NOW },
  'open|admit|before until': { state: { kind: 'open', until: NOW + 10 }, now: NOW },
  'open|admit|from until on: this call is the trial': { state: { kind: 'open', until: NOW }, now: NOW },
  'open|answered|a call admitted before the circuit opened was answered': { state: { kind: 'open', until: NOW + 10 }, now: NOW },
  'open|unanswered|': { state: { kind: 'open', until: NOW + 10 }, now: NOW },
  'trial|admit|the trial is still out: fail at once': { state: { kind: 'trial' }, now: NOW },
  'trial|answered|': { state: { kind: 'trial' }, now: NOW },
  'trial|unanswered|for openForMs again': { state: { kind: 'trial' }, now: NOW },
};

describe('the carrier circuit, rule by rule (CIRCUIT_RULES)', () => {
  it.each(CIRCUIT_RULES.map((rule) => [`${rule.from} --${rule.on}--> ${rule.to}${rule.when ? ` (${rule.when})` : ''}`, rule] as const))('%s', (_title, rule) => {
    // Given a circuit in the rule's state
    const given = GIVEN[`${rule.from}|${rule.on}|${rule.when ?? ''}`]!;
    expect(given).toBeDefined();
    // When the event happens
    const { state, admission } = stepCircuit(given.state, rule.on as CircuitEvent, POLICY, given.now);
    // Then it is in the rule's state, and an admitted call goes out or not as the rule says
    expect(state.kind).toBe(rule.to);
    if (rule.on === 'admit') expect(admission?.call).toBe(rule.calls);
    else expect(admission).toBeUndefined();
  });

  it('every rule has its case, and every case a rule', () => {
    expect(Object.keys(GIVEN).sort()).toEqual(CIRCUIT_RULES.map((rule) => `${rule.from}|${rule.on}|${rule.when ?? ''}`).sort());
  });

  it('opens for openForMs from the unanswered call that opened it, and says until when', () => {
    // Given a circuit that has seen two unanswered calls
    let state: CircuitState = { kind: 'closed', unanswered: 2 };
    // When the third is unanswered at NOW
    state = stepCircuit(state, 'unanswered', POLICY, NOW).state;
    // Then it is open until NOW + openForMs, and a call then is refused with that time
    expect(state).toEqual({ kind: 'open', until: NOW + POLICY.openForMs });
    expect(stepCircuit(state, 'admit', POLICY, NOW + POLICY.openForMs - 1).admission).toEqual({ call: false, until: NOW + POLICY.openForMs });
  });
});

describe('CarrierCircuits: one circuit per account', () => {
  it('an account whose carrier stopped answering fails at once; another account is not affected; a trial after the pause closes it when answered', () => {
    // Given two accounts, and a clock the test moves
    let now = NOW;
    const circuits = new CarrierCircuits(POLICY);
    circuits.useClock(() => now);
    // When account a's carrier leaves three calls in a row unanswered
    for (let index = 0; index < 3; index += 1) {
      expect(circuits.admit('a')).toEqual({ call: true });
      circuits.record('a', 'unanswered');
    }
    // Then a's next call does not go out, and b's does
    expect(circuits.admit('a')).toEqual({ call: false, until: NOW + POLICY.openForMs });
    expect(circuits.admit('b')).toEqual({ call: true });
    expect(circuits.openError(NOW + POLICY.openForMs)).toMatchObject({ code: 'carrier_unavailable', source: 'CARRIER', type: 'TECHNICAL', trigger: 'BOOKING' });
    // When the pause is over: one trial calls, the others meanwhile do not
    now += POLICY.openForMs;
    expect(circuits.admit('a')).toEqual({ call: true });
    expect(circuits.admit('a').call).toBe(false);
    // And the trial is answered: the circuit is closed again
    circuits.record('a', 'answered');
    expect(circuits.admit('a')).toEqual({ call: true });
  });
});
