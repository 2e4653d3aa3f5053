/** A field of the request and what is wrong with it (400 bodies name each one). */
export interface ManifestProblem {
  field: string;
  message: string;
}

/** not_found → 404; invalid (the request) or status (the manifest's status) → 400. */
export type ManifestRejectionCode = 'not_found' | 'invalid' | 'status';

export class ManifestCommandRejected extends Error {
  constructor(readonly code: ManifestRejectionCode, readonly problems: readonly ManifestProblem[]) {
    super(problems.map((p) => `${p.field} : ${p.message}`).join('; '));
    this.name = 'ManifestCommandRejected';
  }
}
