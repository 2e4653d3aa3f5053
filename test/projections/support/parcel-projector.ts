import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { RecordedEvent } from '@shipledger/event-store';
import { readModelSchema, type Projector } from '@shipledger/projections';

/** The parcel read model's tables (its migration below). */
export type ParcelTables = {
  parcels: { id: string; status: string; weight: number; revision: number };
  applications: { event_id: string; position: string };
};

export interface ParcelProjectorOptions {
  name?: string;
  version?: number;
  /** Throw from apply for the k-th distinct handled event it sees (1-based), the first `times` times. */
  failAt?: { k: number; times: number };
  /** Called after each planned failure. */
  onFailure?: () => void;
  /** Throw from apply, every time, for the events this picks (a poison event). */
  poison?: (event: RecordedEvent) => boolean;
}

/**
 * A small read model for the runner's tests: `parcels` is idempotent (a revision guard); `applications`
 * logs every apply call without any guard, so an event applied twice shows up as a duplicate row.
 */
export function parcelProjector(options: ParcelProjectorOptions = {}): Projector & { applyCalls: number } {
  let calls = 0;
  let failures = 0;
  const ordinals = new Map<string, number>();
  const projector = {
    name: options.name ?? `parcels-${randomUUID().slice(0, 8)}`,
    version: options.version ?? 1,
    handles: ['ParcelRegistered', 'ParcelWeighed', 'ParcelShipped'],
    migrations: {
      '0001_parcels': {
        async up(db: Kysely<ParcelTables>) {
          await db.schema
            .createTable('parcels')
            .addColumn('id', 'text', (c) => c.primaryKey())
            .addColumn('status', 'text', (c) => c.notNull())
            .addColumn('weight', 'integer', (c) => c.notNull())
            .addColumn('revision', 'integer', (c) => c.notNull())
            .execute();
          await db.schema
            .createTable('applications')
            .addColumn('event_id', 'text', (c) => c.notNull())
            .addColumn('position', 'text', (c) => c.notNull())
            .execute();
        },
      },
    },
    get applyCalls() {
      return calls;
    },
    async apply(db: Kysely<ParcelTables>, event: RecordedEvent) {
      calls++;
      if (!ordinals.has(event.id)) ordinals.set(event.id, ordinals.size + 1);
      const failAt = options.failAt;
      if (failAt && ordinals.get(event.id) === failAt.k && failures < failAt.times) {
        failures++;
        options.onFailure?.();
        throw new Error(`planned failure at event ${failAt.k}`);
      }
      if (options.poison?.(event)) throw new Error(`poison event ${event.id}`);
      await db.insertInto('applications').values({ event_id: event.id, position: event.position }).execute();
      const data = event.data as { parcelId: string; weight: number };
      if (event.type === 'ParcelRegistered') {
        await db
          .insertInto('parcels')
          .values({ id: data.parcelId, status: 'registered', weight: data.weight, revision: event.revision })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
        return;
      }
      const change = event.type === 'ParcelShipped' ? { status: 'shipped' } : { weight: data.weight };
      await db
        .updateTable('parcels')
        .set({ ...change, revision: event.revision })
        .where('id', '=', data.parcelId)
        .where('revision', '<', event.revision)
        .execute();
    },
  };
  return projector;
}

export async function readParcels(db: Kysely<ParcelTables>, projectorName: string) {
  return db.withSchema(readModelSchema(projectorName)).selectFrom('parcels').selectAll().orderBy('id').execute();
}

export async function countDuplicateApplications(db: Kysely<ParcelTables>, projectorName: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    select count(*) - count(distinct event_id) as n from ${sql.table(`${readModelSchema(projectorName)}.applications`)}`.execute(db);
  return Number(rows[0]!.n);
}

export async function countApplications(db: Kysely<ParcelTables>, projectorName: string): Promise<number> {
  const row = await db
    .withSchema(readModelSchema(projectorName))
    .selectFrom('applications')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
