export * from './accounts/carrier-account';
export { CarrierAccountService } from './accounts/carrier-account.service';
export { CarrierAccountDirectoryAdapter } from './accounts/carrier-account-directory.adapter';
export * from './carrier/carrier.port';
export { CarrierRegistry } from './carrier/carrier.registry';
export { HttpCarrier } from './http-carrier/http.carrier';
export * from './carriers.config';
export * from './carriers.context';
export * from './carriers.tokens';
export { CarriersModule } from './carriers.module';
export type { DocumentContentReader } from './documents/document-content.port';
export { provisionDemoCarrierAccount, provisionDemoCarrierAccounts } from './accounts/demo-carrier-account';
export { SANDBOX_SCENARIOS, SCENARIO_ATTRIBUTE, type SandboxScenario } from './sandbox/sandbox-scenarios';
export type { TrackingUpdate, TrackingResult } from './tracking/tracking-update';
export { deriveCarrierSecrets, loadCarrierSecrets, type CarrierSecrets } from './secrets/carrier-secrets';
export {
  CarrierManifests, MANIFEST_SUBMIT_TIMEOUT_MS,
  type ManifestCarrierAccount, type ManifestSubmission, type ManifestSubmissionOutcome, type ManifestLinkCheck,
} from './manifests/carrier-manifests';
export type { ManifestDocumentInput } from './manifests/manifest-pdf.renderer';
export type { CarrierManifestRequest } from './carrier/carrier.port';
