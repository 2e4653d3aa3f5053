import type { Database } from '@shipledger/database';
import type { EventStore } from '@shipledger/event-store';
import { OutboundClient } from '@shipledger/platform';
import type { Reactor } from '@shipledger/projections';
import { ShipmentDocumentContents, ShippingCommands } from '@shipledger/shipping';
import { CarrierAccountDirectoryAdapter } from './accounts/carrier-account-directory.adapter';
import { CarrierRatingAdapter } from './rating/carrier-rating.adapter';
import { CarrierAccountRepository } from './accounts/carrier-account.repository';
import { CarrierAccountService } from './accounts/carrier-account.service';
import { BookingReactor } from './booking/booking.reactor';
import { BookingStore } from './booking/booking.store';
import { CarrierLifecycleReactor } from './booking/carrier-lifecycle.reactor';
import type { Carrier } from './carrier/carrier.port';
import { CarrierRegistry } from './carrier/carrier.registry';
import { DEFAULT_CARRIER_REACTOR_CONCURRENCY, loadCarriersConfig, type CarriersConfig } from './carriers.config';
import type { DocumentContentReader } from './documents/document-content.port';
import { DocumentSyncReactor } from './documents/document-sync.reactor';
import { LabelRefreshReactor } from './labels/label-refresh.reactor';
import { LabelService } from './labels/label.service';
import type { LabelSource, StoredLabel } from './labels/label.store';
import { LabelStore } from './labels/label.store';
import { LabelUrlSigner } from './labels/label-url.signer';
import { PdfLabelRenderer } from './labels/pdf-label.pool';
import { WARM_UP_LABEL } from './labels/pdf-label.renderer';
import { SandboxSimulator } from './sandbox/sandbox-simulator';
import { SandboxStore } from './sandbox/sandbox-store';
import { CredentialCipher } from './secrets/credential-cipher';
import { TrackingIngestionService } from './tracking/tracking-ingestion.service';
import { TrackingRefreshService } from './tracking/tracking-refresh.service';
import { CarrierManifests } from './manifests/carrier-manifests';
import { CarrierCircuits, DEFAULT_CIRCUIT } from './booking/carrier-circuit';
import { BookingBacklog } from './booking/booking-backlog';
import { reportBacklogSizeFrom } from './booking/booking.metrics';
import { DEFAULT_BOOKING_TENANT_IN_HAND, TenantBookingShare, type TenantShareOptions } from './booking/tenant-booking-share';

export interface CarriersContextOptions {
  database: Database;
  eventStore: EventStore;
  config?: CarriersConfig;
  documents?: DocumentContentReader;
  /** Extra carrier adapters (tests; future integrations). */
  carriers?: Carrier[];
  /** The guarded client for tenant-supplied URLs; default: one built from config.outbound. */
  outbound?: OutboundClient;
}

/** Every collaborator of the carriers module, wired once per process (see carriersContextFor). */
export class CarriersContext {
  readonly config: CarriersConfig;
  readonly accountRepository: CarrierAccountRepository;
  readonly accounts: CarrierAccountService;
  readonly directory: CarrierAccountDirectoryAdapter;
  /** Shipping's SHIPPING_RATER (also what routing's CHEAPEST_CARRIER prices with, in the worker too). */
  readonly rater: CarrierRatingAdapter;
  readonly sandboxStore: SandboxStore;
  readonly carriers: CarrierRegistry;
  readonly outbound: OutboundClient;
  readonly bookings: BookingStore;
  /** This worker's circuit per carrier account: a carrier that stops answering fails its bookings at once for a while. */
  readonly bookingCircuits: CarrierCircuits;
  /** Each tenant's share of the booking slots; requests past it wait in the backlog (tenant-booking-share.ts). */
  readonly bookingShare: TenantBookingShare;
  /** Shipping's public API for the commands the carriers side sends. */
  readonly shipments: ShippingCommands;
  readonly labelStore: LabelStore;
  readonly signer: LabelUrlSigner;
  readonly labels: LabelService;
  readonly labelRenderer: PdfLabelRenderer;
  readonly tracking: TrackingIngestionService;
  readonly simulator: SandboxSimulator;
  readonly documents: DocumentContentReader;
  /** Shipping's TRACKING_REFRESHER port. */
  readonly trackingRefresh: TrackingRefreshService;
  /** What the manifests context uses of carriers (accounts, submission, the PDF and its signed link). */
  readonly manifests: CarrierManifests;

  constructor(readonly options: CarriersContextOptions) {
    this.config = options.config ?? loadCarriersConfig();
    this.bookingCircuits = new CarrierCircuits(this.config.bookingCircuit ?? DEFAULT_CIRCUIT);
    this.accountRepository = new CarrierAccountRepository(options.database, new CredentialCipher(this.config.secrets.encryptionKey));
    this.sandboxStore = new SandboxStore(options.database);
    this.outbound = options.outbound ?? new OutboundClient({ config: this.config.outbound });
    this.labelRenderer = new PdfLabelRenderer(this.config.labelRenderTimeoutMs);
    this.carriers = new CarrierRegistry(this.sandboxStore, this.outbound, options.carriers, this.labelRenderer);
    this.accounts = new CarrierAccountService(this.accountRepository, this.carriers);
    this.directory = new CarrierAccountDirectoryAdapter(this.accountRepository, this.carriers);
    this.rater = new CarrierRatingAdapter(this.accountRepository, this.carriers);
    this.bookings = new BookingStore(options.database);
    this.bookingShare = new TenantBookingShare(new BookingBacklog(options.database), {
      perTenant: this.config.bookingTenantInHand ?? DEFAULT_BOOKING_TENANT_IN_HAND, drainConcurrency: this.config.bookingConcurrency,
    });
    reportBacklogSizeFrom(() => this.bookingShare.backlog.size());
    this.shipments = new ShippingCommands(options.eventStore);
    this.labelStore = new LabelStore(options.database);
    this.signer = new LabelUrlSigner(this.config.secrets.signingKey, this.config.publicBaseUrl, this.config.labelUrlTtlSeconds);
    this.labels = new LabelService(this.labelStore, this.signer, this.labelRenderer, !this.config.eagerLabels);
    this.tracking = new TrackingIngestionService(this.shipments, this.bookings, this.accountRepository);
    this.simulator = new SandboxSimulator(this.sandboxStore, this.tracking);
    this.documents = options.documents ?? new ShipmentDocumentContents(options.database, options.eventStore);
    this.trackingRefresh = new TrackingRefreshService(this.bookings, this.simulator);
    this.manifests = new CarrierManifests(this.accountRepository, this.carriers, this.labelRenderer,
      this.config.secrets.signingKey, this.config.publicBaseUrl, this.config.labelUrlTtlSeconds);
  }

  /**
   * Lazy labels: renders (and keeps) the label a source describes, from the booking's account and the
   * shipment as it stands; undefined when either is gone or the carrier has no label of that kind.
   */
  async renderLabel(shipmentId: string, source: LabelSource): Promise<StoredLabel | undefined> {
    const [account, state] = await Promise.all([
      this.accountRepository.get(source.tenantId, source.carrierAccountId),
      this.shipments.load(source.tenantId, shipmentId),
    ]);
    if (!account || !state) return undefined;
    const shipment = { tenantId: source.tenantId, shipmentId, content: state.content };
    return this.labels.renderOne(this.carriers.get(account.carrier), { requestId: source.requestId, account, shipment, trackingNo: source.trackingNo }, source.kind);
  }

  /** Once per process, in the background: starts a rendering thread, which the first label would otherwise wait for. */
  warmUp(): void {
    this.warmingUp ??= this.labelRenderer.render(WARM_UP_LABEL).then(() => undefined, () => undefined);
  }

  private warmingUp?: Promise<void>;

  reactors(): Reactor[] {
    this.warmUp();
    const perShipment = this.config.carrierReactorConcurrency ?? DEFAULT_CARRIER_REACTOR_CONCURRENCY;
    return [
      new BookingReactor(this.shipments, this.accountRepository, this.carriers, this.bookings, this.labels, this.config.bookingRetry,
        undefined, this.config.bookingConcurrency, this.bookingCircuits, { share: this.bookingShare, database: this.options.database }),
      new CarrierLifecycleReactor(this.shipments, this.accountRepository, this.carriers, this.bookings, undefined, perShipment),
      new DocumentSyncReactor(this.shipments, this.accountRepository, this.carriers, this.bookings, this.documents, undefined, perShipment),
      new LabelRefreshReactor(this.shipments, this.accountRepository, this.carriers, this.bookings, this.labels, undefined, perShipment),
    ];
  }
}

const contexts = new WeakMap<Database, CarriersContext>();

/**
 * One context per database handle: in embedded mode the API and the in-process worker share it (one
 * secrets load, one simulator); a separate worker process builds its own from the same environment.
 */
export function carriersContextFor(options: CarriersContextOptions): CarriersContext {
  let context = contexts.get(options.database);
  if (!context) {
    context = new CarriersContext(options);
    contexts.set(options.database, context);
  }
  return context;
}

/** The worker registry's entry point: `...carrierReactors(deps)`. */
export function carrierReactors(deps: { database: Database; eventStore: EventStore; logger?: TenantShareOptions['logger'] }): Reactor[] {
  const context = carriersContextFor(deps);
  if (deps.logger) context.bookingShare.useLogger(deps.logger);
  return context.reactors();
}
