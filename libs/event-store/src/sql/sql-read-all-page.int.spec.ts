import { sql } from 'kysely';
import { openDatabase, type Database } from '@shipledger/database';
import { createTestDatabase, newEvent, streamName, type TestDatabase } from '@shipledger/testing';
import { createEventStore, type SqlEventStore } from '../index';

describe('SqlEventStore.readAllPage: a page and whether events wait behind an open transaction, in one statement (Postgres)', () => {
  let db: TestDatabase;
  let other: Database;
  let store: SqlEventStore;

  beforeAll(async () => {
    db = await createTestDatabase();
    other = await openDatabase({ url: db.url, poolSize: 2 });
    store = createEventStore({ database: db.database }) as SqlEventStore;
    await store.init();
  });
  afterAll(async () => {
    await store.close();
    await other.close();
    await db.drop();
  });

  it('answers what readAll and hasHeldBackEvents answer', async () => {
    // Given one visible event
    await store.append(streamName(), [newEvent()], 'no_stream');
    const alone = await store.readAllPage({});
    // Then the page holds it and nothing waits
    expect(alone.events.map((e) => e.id)).toEqual((await store.readAll({})).map((e) => e.id));
    expect(alone.heldBack).toBe(false);
    expect(await store.hasHeldBackEvents()).toBe(false);

    // Given another session's transaction holding a transaction id, and an event committed after it
    let release!: () => void;
    const holding = new Promise<void>((resolve) => { release = resolve; });
    let started!: () => void;
    const open = new Promise<void>((resolve) => { started = resolve; });
    const transaction = other.kysely.transaction().execute(async (trx) => {
      await sql`SELECT pg_current_xact_id()`.execute(trx);
      started();
      await holding;
    });
    await open;
    try {
      await store.append(streamName(), [newEvent()], 'no_stream');
      // When a page is read
      const page = await store.readAllPage({});
      // Then it holds the visible event only, and says one waits, as hasHeldBackEvents does
      expect(page.events).toHaveLength(1);
      expect(page.heldBack).toBe(true);
      expect(await store.hasHeldBackEvents()).toBe(true);
      // And a page with nothing readable after it still says one waits (no second statement needed)
      const empty = await store.readAllPage({ after: page.events[0]!.position });
      expect(empty).toEqual({ events: [], heldBack: true });
    } finally {
      release();
      await transaction;
    }
    // Once the transaction ends, both events are readable and nothing waits
    const after = await store.readAllPage({});
    expect(after.events).toHaveLength(2);
    expect(after.heldBack).toBe(false);
    // And past the head, the empty page says so too
    expect(await store.readAllPage({ after: after.events[1]!.position })).toEqual({ events: [], heldBack: false });
  });

  it('computes the visibility horizon once per page, for the page and the held-back answer alike', async () => {
    // Given the horizon function counting its calls (its own body kept, the definition restored after)
    const { rows: [original] } = await sql<{ definition: string }>`
      SELECT pg_get_functiondef('event_store.visible_horizon()'::regprocedure) AS definition`.execute(db.database.kysely);
    await sql`CREATE SEQUENCE IF NOT EXISTS public.horizon_calls`.execute(db.database.kysely);
    await sql.raw(`CREATE OR REPLACE FUNCTION event_store.visible_horizon() RETURNS xid8 LANGUAGE plpgsql STABLE AS $fn$
      BEGIN
        PERFORM nextval('public.horizon_calls');
        RETURN pg_snapshot_xmax(pg_current_snapshot());
      END $fn$`).execute(db.database.kysely);
    try {
      const calls = async () => Number((await sql<{ n: string }>`SELECT last_value::text AS n FROM public.horizon_calls`.execute(db.database.kysely)).rows[0]!.n);
      await store.readAllPage({});
      const before = await calls();
      // When a page is read
      await store.readAllPage({});
      // Then the horizon was computed once
      expect((await calls()) - before).toBe(1);
    } finally {
      await sql.raw(original!.definition).execute(db.database.kysely);
    }
  });
});
