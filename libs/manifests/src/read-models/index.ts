export { manifestListProjector, MANIFEST_LIST_PROJECTOR } from './manifest-list/manifest-list.projector';
export { listManifests, type ListManifestsQuery } from './manifest-list/manifest-list.queries';
