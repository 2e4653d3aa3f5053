import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp, type TestApp, type TestTenant, databaseUrlOf, runCli } from '@shipledger/testing';
import { freshCode } from './support/configuration-client';

const cli = (databaseUrl: string, ...args: string[]) => runCli({ databaseUrl }, ...args);

describe('cli locations:create, locations:import and locations:list', () => {
  jest.setTimeout(120_000);
  let app: TestApp;
  let tenant: TestTenant;
  let databaseUrl: string;
  let folder: string;

  beforeAll(async () => {
    app = await startTestApp({ postgres: true });
    tenant = await app.createTenant();
    databaseUrl = databaseUrlOf(app.database);
    folder = mkdtempSync(join(tmpdir(), 'locations-cli-'));
  });
  afterAll(async () => {
    rmSync(folder, { recursive: true, force: true });
    await app?.close();
  });

  it('creates one location with the API\'s rules, and refuses a bad one naming its fields', async () => {
    const code = freshCode('CLI');
    const created = await cli(databaseUrl, 'locations:create', tenant.tenantId, '--location-name', 'Cli store', '--location-code', code,
      '--contact-name', 'Desk', '--contact-phone', '+971500000009', '--address1', '9 Road', '--city', 'Dubai', '--country', 'AE', '--merchants', 'SHOP-A');
    expect(created.stderr).toBe('');
    const [id] = created.stdout.trim().split(' ');
    await app.waitUntilCaughtUp();
    const viaApi = await app.http.request('GET', `/locations/${id}`, { headers: tenant.headers });
    expect(viaApi.body).toMatchObject({ location_id: id, location_code: code, location_name: 'Cli store', merchants: ['SHOP-A'], deleted: false });

    const refused = await cli(databaseUrl, 'locations:create', tenant.tenantId, '--location-name', 'x', '--country', 'ARE');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('contact_name : must not be blank');
    expect(refused.stderr).toContain('country : must be a two-letter country code');
  });

  it('imports a CSV: good rows are created, bad ones reported by row, the list shows them oldest first', async () => {
    const other = await app.createTenant();
    const file = join(folder, 'locations.csv');
    writeFileSync(file, [
      'location_name,location_code,contact_name,contact_phone,address1,city,country,merchants,coords',
      'North,N-1,Desk,+971500000001,"1 North Road, Unit 2",Dubai,AE,SHOP-A;SHOP-B,"25.2,55.3"',
      'Broken,B-1,,+971500000001,1 Road,Dubai,AE,,',
      'South,N-1,Desk,+971500000002,2 South Road,Dubai,AE,SHOP-B,',
      'East,E-1,Desk,+971500000003,3 East Road,Abu Dhabi,AE,,',
    ].join('\n'));
    const run = await cli(databaseUrl, 'locations:import', other.tenantId, file);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('row 3: contact_name : must not be blank');
    expect(run.stdout).toContain('row 4: Duplicate location location_code: N-1 (merchant SHOP-B)');
    expect(run.stdout).toContain('2 location(s) created, 2 row(s) refused');

    const listed = await cli(databaseUrl, 'locations:list', other.tenantId);
    const lines = listed.stdout.trim().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[2]).toMatch(/N-1\s+North\s+Dubai\s+AE\s+SHOP-A,SHOP-B$/);
    expect(lines[3]).toMatch(/E-1\s+East\s+Abu Dhabi\s+AE$/);
    await app.waitUntilCaughtUp();
    const viaApi = await app.http.request('GET', '/locations', { headers: other.headers });
    expect(viaApi.body.map((l: any) => [l.location_code, l.address1, l.coords ?? null])).toEqual([['N-1', '1 North Road, Unit 2', '25.2,55.3'], ['E-1', '3 East Road', null]]);
  });
});
