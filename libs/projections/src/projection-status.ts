import type { Database } from '@shipledger/database';
import type { EventStore, Position } from '@shipledger/event-store';
import type { Projector, Reactor } from './projector';
import { readAllCheckpoints } from './projection-checkpoints';
import { migrateProjectionsSchema } from './projections-schema';
import { readAllReactorCheckpoints } from './reactor-checkpoints';
import { countParkedEvents, followerKey } from './parked-events';
import { readLiveLeases } from './follower-lease';
import { readRebuildClaims, type RebuildClaim } from './rebuild-claims';

export interface FollowerStatus {
  kind: 'projector' | 'reactor';
  name: string;
  /** Projectors: the version of the live tables (undefined: never started). */
  version?: number;
  /** Projectors: the version this code would run; a difference means a rebuild is due. */
  codeVersion?: number;
  position: Position | undefined;
  /** Events after the position, counted up to `lagLimit`. */
  lag: number;
  lagCapped: boolean;
  updatedAt: string | undefined;
  rebuild?: RebuildClaim;
  /** Events it gave up on (see listParkedEvents). */
  parked: number;
  /** The worker running it now (host/pid/id), when one holds its lease. */
  runBy?: string;
}

export interface ProjectionStatusReport {
  head: Position | undefined;
  followers: FollowerStatus[];
}

/**
 * Each projector's and reactor's position and lag. The port has no count, so the lag is counted by
 * reading after the position, capped at `lagLimit` events (reported as "≥ limit").
 */
export async function projectionStatus(options: {
  database: Database;
  eventStore: EventStore;
  projectors: readonly Projector[];
  reactors: readonly Reactor[];
  lagLimit?: number;
}): Promise<ProjectionStatusReport> {
  const db = options.database.kysely;
  const limit = options.lagLimit ?? 10_000;
  await migrateProjectionsSchema(db);
  const [head, checkpoints, reactorCheckpoints, rebuilds, parked, leases] = await Promise.all([
    options.eventStore.headPosition(),
    readAllCheckpoints(db),
    readAllReactorCheckpoints(db),
    readRebuildClaims(db),
    countParkedEvents(db),
    readLiveLeases(db),
  ]);
  const lagOf = async (position: Position | undefined) => {
    if (head === undefined || (position !== undefined && position >= head)) return { lag: 0, lagCapped: false };
    const events = await options.eventStore.readAll({ after: position, maxCount: limit });
    return { lag: events.length, lagCapped: events.length >= limit };
  };
  /** Where a follower stands: its stored position, how far behind the head, when it last moved. */
  const progressOf = async (cp: { position?: Position; updatedAt?: FollowerStatus['updatedAt'] } | undefined) =>
    ({ position: cp?.position, ...(await lagOf(cp?.position)), updatedAt: cp?.updatedAt });
  /** What it parked, and which worker runs it (its lease key is `<kind>:<name>`). */
  const runOf = (key: string) => ({ parked: parked.get(key) ?? 0, runBy: leases.get(key) });
  const followers: FollowerStatus[] = [];
  for (const p of options.projectors) {
    const cp = checkpoints.find((c) => c.name === p.name);
    followers.push({
      kind: 'projector', name: p.name, version: cp?.version, codeVersion: p.version, ...(await progressOf(cp)),
      rebuild: rebuilds.find((r) => r.name === p.name), ...runOf(followerKey('projector', p.name)),
    });
  }
  for (const r of options.reactors) {
    const cp = reactorCheckpoints.find((c) => c.name === r.name);
    followers.push({ kind: 'reactor', name: r.name, ...(await progressOf(cp)), ...runOf(followerKey('reactor', r.name)) });
  }
  return { head, followers };
}
