/**
 * The Manifests context's public surface: its Nest module, the read model the worker runs, and the
 * events as contracts. Deciding stays inside.
 */
export { ManifestsModule } from './manifests.module';
export { manifestListProjector, MANIFEST_LIST_PROJECTOR } from './read-models';
export type { ManifestEvent, ManifestState, ManifestStatus } from './domain';
export { MANIFEST_EVENT_TYPES, MANIFEST_STATUSES, MANIFEST_TRANSITIONS, OPEN_MANIFEST_STATUSES } from './domain';
