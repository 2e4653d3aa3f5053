import type { ManifestEvent } from './manifest.events';
import { initialManifestState, type ManifestState } from './manifest.state';
import { MANIFEST_TRANSITIONS } from './manifest.transitions';

/** evolve(state, event) → state: total, never throws (an unknown event leaves the state). */
export function evolve(state: ManifestState, event: ManifestEvent): ManifestState {
  const moved = { ...state, update_date: event.data.at };
  switch (event.type) {
    case 'ManifestCreated': {
      const { at, actor: _actor, ...data } = event.data;
      return { ...initialManifestState(), ...data, exists: true, status: MANIFEST_TRANSITIONS.create.to, submission: 1, creation_date: at, update_date: at };
    }
    case 'ManifestSubmitted':
      return { ...moved, status: 'submitted', carrier_manifest_reference: event.data.carrier_manifest_reference, error_details: [] };
    case 'ManifestSubmissionFailed':
      return { ...moved, status: 'submission_failed', error_details: event.data.error_details };
    case 'ManifestRetried':
      return { ...moved, status: 'pending', submission: state.submission + 1, error_details: [] };
    case 'ManifestCancelled':
      return { ...moved, status: 'cancelled' };
    case 'ManifestShipped':
      return { ...moved, status: 'shipped', shipped_date: event.data.at };
    case 'ManifestDeleted':
      return { ...moved, status: 'deleted' };
    default:
      return state;
  }
}

export function foldManifest(events: readonly ManifestEvent[]): ManifestState {
  return events.reduce(evolve, initialManifestState());
}
