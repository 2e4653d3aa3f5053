import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');

/** The README's promise: run the first command, copy the printed curl, get a token, call the API. */
describe('npm start on an empty data folder', () => {
  let dataDir: string;
  let server: ChildProcess | undefined;
  let output = '';

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'shipledger-first-run-'));
  });
  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((done) => server!.once('exit', done));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints credentials and a curl example that works as printed', async () => {
    server = spawn(process.execPath, ['-r', './tools/register.js', 'apps/api/src/main.ts', '--embedded-worker'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '', EVENTSTORE_URL: '', ADMIN_TOKEN: '', JWT_SECRET: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk) => { output += String(chunk); });
    server.stderr!.on('data', (chunk) => { output += String(chunk); });
    await new Promise<void>((done, fail) => {
      const check = setInterval(() => {
        if (output.includes('API docs:')) { clearInterval(check); done(); }
        if (server!.exitCode !== null) { clearInterval(check); fail(new Error(`server exited: ${output}`)); }
      }, 100);
    });

    expect(output).toMatch(/Shipledger listening on https:\/\/127\.0\.0\.1:\d+ \(HTTPS only\)/);
    expect(output).toMatch(/TLS certificate SHA-256 fingerprint: ([0-9A-F]{2}:){31}[0-9A-F]{2}/);
    expect(existsSync(join(dataDir, 'tls', 'cert.pem'))).toBe(true);
    const credentials = JSON.parse(readFileSync(join(dataDir, 'demo-credentials.json'), 'utf8'));
    expect(credentials).toEqual({
      base_url: expect.stringMatching(/^https:\/\/127\.0\.0\.1:\d+$/),
      tenant_id: 'demo',
      api_key: expect.stringMatching(/^slk_/),
      client_id: expect.stringMatching(/^cl_/),
      client_secret: expect.any(String),
      merchant: 'DEMO-SHOP',
    });

    const lines = output.split('\n');
    const start = lines.findIndex((l) => l.trim() === 'Try it:');
    const script = lines.slice(start + 1, lines.findIndex((l, i) => i > start && l.trim() === '')).join('\n');
    expect(script).toContain('/oauth/token');
    const run = () => new Promise<string>((done, fail) => {
      execFile('bash', ['-c', `set -euo pipefail\n${script}`], { cwd: ROOT }, (error, stdout, stderr) => (error ? fail(new Error(`${error.message}\n${stderr}`)) : done(stdout)));
    });
    // The demo tenant's two weeks of history are recorded in the background after "listening": the
    // printed call answers [] at first, then the seeded shipments, all under the demo merchant.
    let shipments: any[] = JSON.parse(await run());
    while (shipments.length === 0) {
      await new Promise((done) => setTimeout(done, 500)); // polling a separate process: no "caught up" to wait on
      shipments = JSON.parse(await run());
    }
    for (const shipment of shipments) {
      expect(shipment).toMatchObject({ merchant: 'DEMO-SHOP', references: { partner_shipment_reference: expect.stringMatching(/^demo-history-\d{3}$/) } });
    }

    // The same printed call, pointed at the demo webhook configuration and the inbox it sends to.
    const call = (path: string) => new Promise<any>((done, fail) => {
      const variant = script.replace(/\/shipments /, `${path} `);
      execFile('bash', ['-c', `set -euo pipefail\n${variant}`], { cwd: ROOT }, (error, stdout, stderr) => (error ? fail(new Error(`${error.message}\n${stderr}`)) : done(JSON.parse(stdout))));
    });
    const inbox = await call('/sandbox/webhook-inbox');
    expect(inbox).toMatchObject({ inbox_url: expect.stringMatching(/^https:\/\/127\.0\.0\.1:\d+\/sandbox\/webhook-inbox\/inb_/), total: 0 });
    expect(await call('/webhooks/demo-inbox')).toMatchObject({ config_id: 'demo-inbox', status: 'ACTIVE', url: inbox.inbox_url });
    // The demo ruleset that routes the README's first-minute shipment (test/routing/demo-routing.e2e.spec.ts).
    expect(await call('/automation-rulesets/demo-routing')).toMatchObject({ automation_rule_set: { status: 'ACTIVE' }, automation_rules: [{ rule_id: 'uae-express' }, { rule_id: 'uae-other' }] });
  }, 240_000);
});
