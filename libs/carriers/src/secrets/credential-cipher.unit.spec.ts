import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deriveCarrierSecrets, loadCarrierSecrets } from './carrier-secrets';
import { CredentialCipher } from './credential-cipher';

describe('CredentialCipher (AES-256-GCM)', () => {
  const cipher = new CredentialCipher(deriveCarrierSecrets(randomBytes(32)).encryptionKey);

  it('round-trips and never shows the plain value', () => {
    const id = randomUUID();
    const stored = cipher.encrypt({ API_KEY: 'top-secret' }, id);
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain('top-secret');
    expect(cipher.decrypt(stored, id)).toEqual({ API_KEY: 'top-secret' });
    expect(cipher.encrypt({ API_KEY: 'top-secret' }, id)).not.toBe(stored);
  });

  it('refuses a ciphertext moved to another account, tampered with, or read with another key', () => {
    const id = randomUUID();
    const stored = cipher.encrypt({ API_KEY: 'x' }, id);
    expect(() => cipher.decrypt(stored, randomUUID())).toThrow();
    const [v, iv, tag, body] = stored.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] ^= 1;
    expect(() => cipher.decrypt([v, iv, tag, flipped.toString('base64url')].join('.'), id)).toThrow();
    expect(() => new CredentialCipher(deriveCarrierSecrets(randomBytes(32)).encryptionKey).decrypt(stored, id)).toThrow();
  });

  it('derives distinct keys for encryption and signing, and keeps a generated master key in the data folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'carriers-key-'));
    const first = loadCarrierSecrets({ dataDir: dir });
    const second = loadCarrierSecrets({ dataDir: dir });
    expect(first.encryptionKey.equals(second.encryptionKey)).toBe(true);
    expect(first.encryptionKey.equals(first.signingKey)).toBe(false);
    expect(statSync(join(dir, 'carriers.key')).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(join(dir, 'carriers.key'), 'utf8'), 'base64')).toHaveLength(32);
    const configured = randomBytes(32).toString('hex');
    expect(loadCarrierSecrets({ key: configured, dataDir: dir }).signingKey.equals(loadCarrierSecrets({ key: configured }).signingKey)).toBe(true);
    expect(() => loadCarrierSecrets({ key: 'too-short' })).toThrow();
  });

  it('repeated loads on a fresh folder keep one key file and leave no temporary files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'carriers-key-race-'));
    const keys = await Promise.all(Array.from({ length: 8 }, async () => loadCarrierSecrets({ dataDir: dir }).signingKey.toString('hex')));
    expect(new Set(keys).size).toBe(1);
    expect(readdirSync(dir)).toEqual(['carriers.key']);
  });
});
