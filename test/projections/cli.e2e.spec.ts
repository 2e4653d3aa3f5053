import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { acquireDataDirLock } from '../../apps/worker/src/data-dir-lock';

const root = resolve(__dirname, '../..');

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

function cli(dataDir: string, ...args: string[]): Promise<CliRun> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['-r', './tools/register.js', 'apps/cli/src/main.ts', ...args],
      { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', EVENTSTORE_URL: '', NODE_OPTIONS: '' } },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

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
});
