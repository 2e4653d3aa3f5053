import { chmodSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@shipledger/database';
import { loadCarrierSecrets } from '@shipledger/carriers';
import { loadTlsMaterial, resolveJwtSecret } from '@shipledger/platform';
import { startTestApp, type TestApp } from '@shipledger/testing';
import { ensureDemoCredentials, resolveAdminToken } from '../../apps/api/src/embedded/demo-credentials';
import { acquireDataDirLock } from '../../apps/worker/src/data-dir-lock';

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

describe('the data folder and its secrets', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ worker: false });
  });
  afterAll(() => app?.close());

  it('are owner-only (folders 0700, secret files 0600), also when an earlier start left them world-readable', async () => {
    // Given a data folder and a JWT secret left readable by everyone
    const dataDir = join(mkdtempSync(join(tmpdir(), 'shipledger-perm-')), 'data');
    mkdirSync(join(dataDir, 'secrets'), { recursive: true, mode: 0o755 });
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, 'secrets'), 0o755);
    writeFileSync(join(dataDir, 'secrets', 'jwt-secret'), 'an-old-secret-of-enough-length-for-a-jwt', { mode: 0o644 });

    // When an embedded start takes the folder and creates or reads each secret and the database
    const lock = acquireDataDirLock(dataDir, 'test');
    try {
      expect(resolveJwtSecret(undefined, dataDir)).toBe('an-old-secret-of-enough-length-for-a-jwt');
      resolveAdminToken(undefined, dataDir);
      await loadTlsMaterial({ dataDir });
      loadCarrierSecrets({ dataDir });
      await ensureDemoCredentials(app.api.platform, dataDir, app.baseUrl);
      const database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
      await database.close();
    } finally {
      lock.release();
    }

    // Then nobody but the owner can read any of it
    const modes = Object.fromEntries(
      ['.', 'secrets', 'tls', 'pglite'].map((dir) => [dir, modeOf(join(dataDir, dir))]).concat(
        ['secrets/jwt-secret', 'secrets/admin-token', 'tls/key.pem', 'carriers.key', 'demo-credentials.json'].map((file) => [file, modeOf(join(dataDir, file))]),
      ),
    );
    expect(modes).toEqual({
      '.': '700', secrets: '700', tls: '700', pglite: '700',
      'secrets/jwt-secret': '600', 'secrets/admin-token': '600', 'tls/key.pem': '600', 'carriers.key': '600', 'demo-credentials.json': '600',
    });
  });
});
