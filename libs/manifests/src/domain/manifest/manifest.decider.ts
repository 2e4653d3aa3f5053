import type { Decider } from '@shipledger/ddd';
import type { ManifestCommand } from './manifest.commands';
import { decide } from './manifest.decide';
import type { ManifestEvent } from './manifest.events';
import { evolve } from './manifest.evolve';
import { initialManifestState, type ManifestState } from './manifest.state';

export const manifestDecider: Decider<ManifestCommand, ManifestEvent, ManifestState> = { decide, evolve, initialState: initialManifestState };
