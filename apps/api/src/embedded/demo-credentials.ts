import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_SCOPES, ensurePrivateDir, PRIVATE_FILE_MODE, randomSecret, TenantAdmin, tighten, writePrivateFile, type PlatformServices } from '@shipledger/platform';

export interface DemoCredentials {
  base_url: string;
  tenant_id: string;
  api_key: string;
  client_id: string;
  client_secret: string;
  merchant: string;
}

const DEMO_TENANT = 'demo';
const DEMO_MERCHANT = 'DEMO-SHOP';

/**
 * First start in embedded mode: a demo tenant with one merchant, an API key and a client with every
 * scope, written to data/demo-credentials.json (owner-only) so scripts can pick them up. Later starts
 * reuse the file as long as the tenant is still there.
 */
export async function ensureDemoCredentials(platform: PlatformServices, dataDir: string, baseUrl: string): Promise<{ credentials: DemoCredentials; created: boolean }> {
  const path = join(dataDir, 'demo-credentials.json');
  if (existsSync(path)) {
    const saved = JSON.parse(readFileSync(path, 'utf8')) as DemoCredentials;
    if (await platform.repository.findTenant(saved.tenant_id)) {
      const credentials = { ...saved, base_url: baseUrl };
      writePrivateFile(path, `${JSON.stringify(credentials, null, 2)}\n`);
      return { credentials, created: false };
    }
  }
  const admin = new TenantAdmin(platform.repository, platform.directory);
  const tenantId = (await platform.repository.findTenant(DEMO_TENANT)) ? `demo-${randomSecret(4).toLowerCase().replace(/[^a-z0-9]/g, '')}` : DEMO_TENANT;
  const tenant = await admin.createTenant({ tenantId, name: 'Demo tenant', merchants: [{ merchantId: DEMO_MERCHANT, name: 'Demo shop' }] });
  const client = await admin.createClient(tenantId, { name: 'Demo client', scopes: [...API_SCOPES], merchants: [] });
  const credentials: DemoCredentials = {
    base_url: baseUrl,
    tenant_id: tenantId,
    api_key: tenant.api_key,
    client_id: client.client_id,
    client_secret: client.client_secret,
    merchant: DEMO_MERCHANT,
  };
  writePrivateFile(path, `${JSON.stringify(credentials, null, 2)}\n`);
  return { credentials, created: true };
}

/** The admin token from ADMIN_TOKEN, else generated once into the data folder (embedded mode). */
export function resolveAdminToken(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const path = join(dataDir, 'secrets', 'admin-token');
  if (existsSync(path)) {
    ensurePrivateDir(join(dataDir, 'secrets'));
    tighten(path, PRIVATE_FILE_MODE);
    return readFileSync(path, 'utf8').trim();
  }
  const token = randomSecret(32);
  writePrivateFile(path, token);
  return token;
}

export function demoInstructions(c: DemoCredentials, certPath: string | undefined, credentialsPath: string): string {
  const tls = certPath ? `--cacert ${certPath}` : '';
  return [
    '',
    `Demo credentials (also in ${credentialsPath}):`,
    `  tenant-id:     ${c.tenant_id}`,
    `  x-api-key:     ${c.api_key}`,
    `  client_id:     ${c.client_id}`,
    `  client_secret: ${c.client_secret}`,
    `  merchant:      ${c.merchant}`,
    '',
    'Try it:',
    `  TOKEN=$(curl -s ${tls} -X POST ${c.base_url}/oauth/token -H 'content-type: application/json' \\`,
    `    -d '{"client_id":"${c.client_id}","client_secret":"${c.client_secret}"}' | node -pe 'JSON.parse(require("fs").readFileSync(0)).access_token')`,
    `  curl -s ${tls} ${c.base_url}/shipments -H 'tenant-id: ${c.tenant_id}' -H 'x-api-key: ${c.api_key}' -H "Authorization: Bearer $TOKEN"`,
    '',
  ].join('\n');
}
