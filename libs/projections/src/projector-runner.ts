import type { Projector } from './projector';
import type { RecordedEvent } from '@shipledger/event-store';
import { applyLiveBatch, assertProjectorName, parkLiveEvent } from './apply-events';
import { applyOrPark } from './poison-events';
import { FollowerProgress } from './follower-progress';
import { CheckpointMovedError, readCheckpoint, type ProjectionCheckpoint } from './projection-checkpoints';
import type { FollowerLease } from './follower-lease';
import { runLeased, type FollowerContext, type FollowerTuning } from './leased-loop';
import { prepareReadModel, ProjectorOutdatedError } from './migrate-read-models';
import { RebuildInProgressError } from './rebuild-claims';
import { rebuildProjector } from './rebuild-projector';
import { BatchGroups } from './batch-group';

/** Longest a projector under steady load keeps skipped events unstored (a restart re-reads them, harmlessly). */
const SKIP_SAVE_MS = 1000;

export type RunnerTuning = FollowerTuning;

/**
 * Keeps one read model up to date: prepares it (first start, migrations, rebuild on a version bump),
 * then reads batches after its checkpoint and applies each batch with its checkpoint in one transaction
 * (shared with the other projectors that apply the same batch at the same time: BatchGroups).
 * A batch that fails is applied in halves until the event that fails alone is found; that event is
 * tried `maxAttempts` times, then parked (projections.parked_events), and the projector goes on.
 */
export class ProjectorRunner {
  readonly progress: FollowerProgress;
  /** The checkpoint as stored: what the next batch transaction expects to find under its lock. */
  private checkpoint: Pick<ProjectionCheckpoint, 'version' | 'position'> | undefined;
  /**
   * Read past the stored checkpoint, through events this projector does not handle only (not stored
   * yet: a transaction that writes nothing but the checkpoint is most of a batch's cost). Stored by
   * the next batch with handled events, at the head, or after SKIP_SAVE_MS; undefined when none.
   */
  private skipped: { position: string; since: number } | undefined;
  /**
   * A lease renewal in flight, and the failure of the last one (thrown at the next batch). Renewing in
   * the background keeps this runner in step with the other projectors at its position, so their batches
   * keep sharing a transaction (BatchGroups); a runner that lost its lease notices one batch later, which
   * costs at most a batch of duplicate work that its checkpoint check then refuses.
   */
  private renewal: Promise<void> | undefined;
  private renewalFailure: unknown;

  constructor(
    private readonly projector: Projector,
    private readonly context: FollowerContext,
    private readonly lease: FollowerLease,
    private readonly tuning: RunnerTuning,
    /** Shared by the runners of one worker: same-batch transactions of several projectors become one. */
    private readonly groups: BatchGroups = new BatchGroups(context.database.kysely),
  ) {
    assertProjectorName(projector.name);
    this.progress = new FollowerProgress(projector.name);
  }

  /** Start-up: the live schema exists and is migrated when this resolves (unless a rebuild is due). */
  async prepare(): Promise<void> {
    const stored = await prepareReadModel(this.context.database.kysely, this.projector);
    this.checkpoint = stored;
    this.skipped = undefined;
    if (stored.version === this.projector.version) this.progress.advance(stored.position);
  }

  run(signal: AbortSignal): Promise<void> {
    return runLeased({
      logFields: { projector: this.projector.name },
      failureMessage: 'projector batch failed',
      settle: async () => {
        await this.renewal;
        this.renewalFailure = undefined;
      },
      observe: () => this.observe(),
      forget: () => {
        this.checkpoint = undefined;
      },
      work: async () => {
        if (!this.checkpoint) await this.prepare();
        if (this.checkpoint!.version < this.projector.version) await this.rebuild(signal);
        else await this.follow(signal);
      },
      onFailure: (error) => {
        if (error instanceof ProjectorOutdatedError) {
          this.context.logger.error({ projector: this.projector.name }, error.message);
          this.progress.stop(error);
          return 'stop';
        }
        if (error instanceof CheckpointMovedError) return 'again';
        return error instanceof RebuildInProgressError ? 'info' : undefined;
      },
    }, this.lease, this.tuning, this.context.logger, signal);
  }

  /** Starts a lease renewal when one is due (FollowerLease.keep) and throws what the last one failed with. */
  private keepLease(): void {
    const failure = this.renewalFailure;
    if (failure !== undefined) {
      this.renewalFailure = undefined;
      throw failure;
    }
    this.renewal ??= this.lease.keep().then(
      () => {
        this.renewal = undefined;
      },
      (error: unknown) => {
        this.renewal = undefined;
        this.renewalFailure = error;
      },
    );
  }

  /** Another worker runs this projector: mirror its checkpoint so waitUntilCaughtUp still means something. */
  private async observe(): Promise<void> {
    const stored = await readCheckpoint(this.context.database.kysely, this.projector.name);
    if (stored?.version === this.projector.version) this.progress.advance(stored.position);
  }

  private async follow(signal: AbortSignal): Promise<void> {
    const handled = new Set(this.projector.handles);
    while (!signal.aborted) {
      this.keepLease();
      const bell = this.context.doorbell.current;
      const events = await this.context.reader.read(this.skipped?.position ?? this.checkpoint!.position, this.tuning.batchSize);
      if (events.length === 0) {
        // At the head: what was skipped is stored before waiting, so a caught-up projector's stored
        // checkpoint is the head (operators' lag, other workers' observe()).
        if (this.skipped) await this.saveSkipped(events);
        await this.context.doorbell.wait(bell, signal);
        continue;
      }
      if (!events.some((event) => handled.has(event.type))) {
        const position = events[events.length - 1]!.position;
        this.skipped = { position, since: this.skipped?.since ?? Date.now() };
        if (Date.now() - this.skipped.since >= SKIP_SAVE_MS) await this.saveSkipped(events);
        // Near the head with nothing to write: wait for the next append instead of reading again at
        // once (without a transaction per batch, that loop would be a read per round trip).
        if (events.length < this.tuning.batchSize) await this.context.doorbell.wait(bell, signal);
        continue;
      }
      await this.applyOrPark(events, signal);
    }
  }

  /**
   * Stores the checkpoint past the skipped events: a batch transaction with no handled event in it,
   * shared with the other projectors that act on the same `read`.
   */
  private async saveSkipped(read: readonly RecordedEvent[]): Promise<void> {
    const position = this.skipped!.position;
    await this.groups.apply(this.projector, this.checkpoint!, [], position, read);
    this.skipped = undefined;
    this.checkpoint = { version: this.checkpoint!.version, position };
    this.progress.advance(position);
  }

  private async applyOrPark(events: readonly RecordedEvent[], signal: AbortSignal): Promise<void> {
    const name = this.projector.name;
    const moveTo = (position: string) => {
      this.checkpoint = { version: this.checkpoint!.version, position };
      this.skipped = undefined;
      this.progress.advance(position);
    };
    await applyOrPark(
      events,
      {
        apply: async (run) => {
          // The whole batch as read (not a bisected part) may share its transaction with other projectors'.
          if (run === events) await this.groups.apply(this.projector, this.checkpoint!, run, run[run.length - 1]!.position);
          else await applyLiveBatch(this.context.database.kysely, this.projector, this.checkpoint!, run);
          moveTo(run[run.length - 1]!.position);
        },
        park: async (event, attempts, error) => {
          await parkLiveEvent(this.context.database.kysely, this.projector, this.checkpoint!, event, attempts, error);
          moveTo(event.position);
          this.context.logger.error(
            { err: error, projector: name, eventId: event.id, eventType: event.type, position: event.position, attempts },
            'projector gave up on an event; parked it',
          );
        },
        beforeRetry: async (event, attempt, error, delay) => {
          this.context.logger.warn({ err: error, projector: name, eventId: event.id, eventType: event.type, attempt, retryInMs: delay }, 'projector failed on an event; retrying');
          await this.lease.keep();
        },
      },
      this.tuning,
      signal,
    );
  }

  private async rebuild(signal: AbortSignal): Promise<void> {
    const { name, version } = this.projector;
    this.context.logger.info({ projector: name, from: this.checkpoint!.version, to: version }, 'projector version changed; rebuilding beside the live tables');
    let logged = 0;
    const result = await rebuildProjector({
      database: this.context.database,
      eventStore: this.context.eventStore,
      projector: this.projector,
      batchSize: this.tuning.batchSize,
      countTotal: false,
      signal,
      onProgress: (p) => {
        if (p.processed - logged < 50_000) return;
        logged = p.processed;
        this.context.logger.info({ projector: name, processed: p.processed }, 'rebuild progress');
      },
    });
    this.context.logger.info({ projector: name, events: result.events, ms: result.durationMs }, 'rebuild swapped in');
    this.checkpoint = undefined;
  }
}
