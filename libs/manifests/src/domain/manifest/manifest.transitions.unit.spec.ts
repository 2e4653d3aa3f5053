import { deciderSpec } from '@shipledger/testing';
import { commandFor, eventsTo } from './manifest.fixtures';
import { decide } from './manifest.decide';
import { manifestDecider } from './manifest.decider';
import { ManifestCommandRejected } from './manifest.errors';
import { foldManifest } from './manifest.evolve';
import { MANIFEST_STATUSES, OPEN_MANIFEST_STATUSES, type ManifestStatus } from './manifest.status';
import { MANIFEST_TRANSITIONS, MANIFEST_TRIGGERS, type ManifestTrigger } from './manifest.transitions';

const FROM: (ManifestStatus | 'none')[] = ['none', ...MANIFEST_STATUSES];

/** Every status × every trigger against MANIFEST_TRANSITIONS: allowed → the table's status, else refused or no-op. */
const CELLS = FROM.flatMap((from) => MANIFEST_TRIGGERS.map((trigger) => [from, trigger] as [ManifestStatus | 'none', ManifestTrigger]));

describe('manifest transitions (MANIFEST_TRANSITIONS, every cell)', () => {
  it.each(CELLS)('%s --%s-->', (from, trigger) => {
    const state = foldManifest(eventsTo(from));
    const allowed = MANIFEST_TRANSITIONS[trigger].from.includes(from);
    const command = commandFor(trigger, state.submission);
    if (allowed) {
      const events = decide(command, state);
      expect(events).toHaveLength(1);
      expect(events.reduce(manifestDecider.evolve, state).status).toBe(MANIFEST_TRANSITIONS[trigger].to);
      return;
    }
    if (trigger === 'carrier_accepted' || trigger === 'carrier_refused' || (trigger === 'ship' && from === 'shipped')) {
      // A carrier answer that is not awaited, and shipping again, record nothing.
      expect(decide(command, state)).toEqual([]);
      return;
    }
    expect(() => decide(command, state)).toThrow(ManifestCommandRejected);
    const code = (() => {
      try { decide(command, state); } catch (error) { return (error as ManifestCommandRejected).code; }
      return undefined;
    })();
    expect(code).toBe(from === 'none' ? 'not_found' : trigger === 'create' ? 'invalid' : 'status');
  });

  it('names the status and what is allowed', () => {
    deciderSpec(manifestDecider).given(eventsTo('shipped')).when(commandFor('cancel'))
      .thenThrows('status : cannot cancel a manifest in status shipped (allowed: pending, submitted, submission_failed)');
  });

  it('open statuses are exactly those cancel accepts', () => {
    expect([...OPEN_MANIFEST_STATUSES].sort()).toEqual([...MANIFEST_TRANSITIONS.cancel.from].sort());
  });

  it('ignores an answer to an earlier submission', () => {
    const retried = [...eventsTo('submission_failed'), { type: 'ManifestRetried' as const, data: { at: 'x', actor: 'y' } }];
    deciderSpec(manifestDecider).given(retried).when(commandFor('carrier_accepted', 1)).thenNothing();
    deciderSpec(manifestDecider).given(retried).when(commandFor('carrier_accepted', 2)).thenState((s) => expect(s).toMatchObject({ status: 'submitted', carrier_manifest_reference: 'SBX-MAN-2', error_details: [] }));
  });
});
