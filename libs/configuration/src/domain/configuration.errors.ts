import type { KindSpec } from './configuration.kinds';

export type ConfigurationRejectionCode = 'not_found' | 'duplicate' | 'deleted' | 'already_exists';

/** A command the rules refuse; `message` is the text the client sees. */
export class ConfigurationCommandRejected extends Error {
  constructor(readonly code: ConfigurationRejectionCode, message: string) {
    super(message);
    this.name = 'ConfigurationCommandRejected';
  }
}

export const ConfigurationMessages = {
  notFound: (spec: KindSpec, id: string) => `No ${spec.noun} found with the ${spec.noun} id: ${id}`,
  deleted: (spec: KindSpec, id: string) => `The ${spec.noun} ${id} is deleted.`,
  alreadyExists: (spec: KindSpec, id: string) => `A ${spec.noun} with the id ${id} already exists.`,
  duplicateCode: (spec: KindSpec, code: string) => `Duplicate ${spec.noun} ${spec.codeField}: ${code}`,
  duplicateCodeForMerchant: (spec: KindSpec, code: string, merchant: string) =>
    `Duplicate ${spec.noun} ${spec.codeField}: ${code} (merchant ${merchant})`,
} as const;
