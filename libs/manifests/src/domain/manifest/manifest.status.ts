/**
 * Manifest statuses (the spec shows none; docs/api/manifests.md documents these):
 * - pending: created, its hand-over to the carrier not answered yet (or interrupted: retry resubmits);
 * - submitted: the carrier accepted it (carrier_manifest_reference), or the carrier takes no electronic
 *   manifests and the PDF is the hand-over;
 * - submission_failed: the carrier refused it (error_details); retry resubmits;
 * - shipped: the merchant handed the parcels over, every shipment in it moved to shipped;
 * - cancelled, deleted: closed without shipping; its shipments may join another manifest.
 */
export const MANIFEST_STATUSES = ['pending', 'submitted', 'submission_failed', 'shipped', 'cancelled', 'deleted'] as const;
export type ManifestStatus = (typeof MANIFEST_STATUSES)[number];

/** A shipment belongs to at most one manifest in these statuses (docs/adr: one open manifest). */
export const OPEN_MANIFEST_STATUSES: readonly ManifestStatus[] = ['pending', 'submitted', 'submission_failed'];

export const isOpenManifestStatus = (status: ManifestStatus): boolean => OPEN_MANIFEST_STATUSES.includes(status);
