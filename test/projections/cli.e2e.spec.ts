import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { type CliRun, runCli } from '@shipledger/testing';
import { sql } from 'kysely';
import { migrateProjectionsSchema, PROJECTIONS_SCHEMA } from '@shipledger/projections';
import { acquireDataDirLock } from '../../apps/worker/src/data-dir-lock';
import { loadProcessConfig } from '../../apps/worker/src/config';
import { openProcessResources } from '../../apps/worker/src/process-resources';

const cli = (dataDir: string, ...args: string[]) => runCli({ dataDir }, ...args);

describe('cli on an embedded (PGlite) data folder', () => {
  jest.setTimeout(180_000);

  it('says the folder is in use while a server holds it, and works on it once it is free', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'shipledger-cli-'));
    const server = acquireDataDirLock(dataDir, 'shipledger api');
    let busy: CliRun;
    try {
      busy = await cli(dataDir, 'projections:status');
    } finally {
      server.release();
    }
    expect(busy.code).toBe(2);
    expect(busy.stderr).toContain(`The data folder ${dataDir} is in use by shipledger api (pid ${process.pid}`);

    const rebuilt = await cli(dataDir, 'projections:rebuild', 'shipment-list');
    expect(rebuilt).toMatchObject({ code: 0 });
    expect(rebuilt.stdout).toMatch(/shipment-list rebuilt: 0 events/);

    const status = await cli(dataDir, 'projections:status', '--json');
    expect(status.code).toBe(0);
    const report = JSON.parse(status.stdout);
    expect(report.followers).toContainEqual(
      expect.objectContaining({ kind: 'projector', name: 'shipment-list', version: 1, lag: 0 }),
    );
  });

  it('names the known projectors when asked to rebuild an unknown one', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'shipledger-cli-'));
    const run = await cli(dataDir, 'projections:rebuild', 'no-such-model');
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/no projector named no-such-model; known: .*shipment-list/);
  });

  it('lists parked events and skips one for good', async () => {
    // Given a data folder where the shipment list parked an event
    const dataDir = mkdtempSync(join(tmpdir(), 'shipledger-cli-'));
    const eventId = randomUUID();
    const resources = await openProcessResources(loadProcessConfig({ DATA_DIR: dataDir }), 'test');
    try {
      await migrateProjectionsSchema(resources.database.kysely);
      await resources.database.kysely.withSchema(PROJECTIONS_SCHEMA).insertInto('parked_events').values({
        kind: 'projector', follower: 'shipment-list', event_id: eventId, event_type: 'ShipmentCreated',
        stream_id: `shipment-${eventId}`, revision: 0, position: '0000000000000007', attempts: 3, last_error: 'Error: bad city\n  at apply',
      }).execute();
    } finally {
      await resources.close();
    }

    // When the operator lists, skips it, and lists again
    const listed = await cli(dataDir, 'projections:parked', '--json');
    const skipped = await cli(dataDir, 'projections:skip-parked', 'shipment-list', eventId);
    const again = await cli(dataDir, 'projections:skip-parked', 'shipment-list', eventId);

    // Then the list named it, the skip removed it, and a second skip says there is none
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual([
      expect.objectContaining({ kind: 'projector', follower: 'shipment-list', eventId, attempts: 3, lastError: 'Error: bad city\n  at apply' }),
    ]);
    expect(skipped).toMatchObject({ code: 0 });
    expect(skipped.stdout).toContain(`${eventId}: skipped`);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`shipment-list has no parked event ${eventId}`);
  });

  it('lists the read models of projectors the code no longer has, and drops them only with --yes', async () => {
    // Given a data folder holding the schema and checkpoint of a projector merged away (report-on-time)
    const dataDir = mkdtempSync(join(tmpdir(), 'shipledger-cli-'));
    const resources = await openProcessResources(loadProcessConfig({ DATA_DIR: dataDir }), 'test');
    try {
      await migrateProjectionsSchema(resources.database.kysely);
      await sql`create schema rm_report_on_time`.execute(resources.database.kysely);
      await sql`create table rm_report_on_time.promises (shipment_id text)`.execute(resources.database.kysely);
      await resources.database.kysely.withSchema(PROJECTIONS_SCHEMA).insertInto('projection_checkpoints')
        .values({ name: 'report-on-time', version: 1, position: '0000000000000005' }).execute();
    } finally {
      await resources.close();
    }

    // When the operator lists them, drops them, and lists again
    const listed = await cli(dataDir, 'projections:drop-retired');
    const listedAgain = await cli(dataDir, 'projections:drop-retired');
    const dropped = await cli(dataDir, 'projections:drop-retired', '--yes');
    const after = await cli(dataDir, 'projections:drop-retired');

    // Then listing changes nothing, --yes drops both, and nothing is left
    expect(listed).toMatchObject({ code: 0 });
    expect(listed.stdout).toContain('schema rm_report_on_time: retired (drop with --yes)');
    expect(listed.stdout).toContain('projector report-on-time (checkpoint, rebuild claim, parked events): retired (drop with --yes)');
    expect(listedAgain.stdout).toBe(listed.stdout);
    expect(dropped).toMatchObject({ code: 0 });
    expect(dropped.stdout).toContain('schema rm_report_on_time: dropped');
    expect(after.stdout).toContain('no retired read models');
  });
});
