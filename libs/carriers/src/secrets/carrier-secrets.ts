import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { ensurePrivateDir, PRIVATE_FILE_MODE, tighten } from '@shipledger/platform';
import { dirname, join } from 'node:path';

/**
 * The carriers module's secret material, derived from one 32-byte master key: an AES-256-GCM key for
 * credentials at rest and an HMAC key for signed label URLs. Deriving both (HKDF, distinct `info`)
 * means one key to back up and no reuse of the same bytes for two purposes.
 */
export interface CarrierSecrets {
  readonly encryptionKey: Buffer;
  readonly signingKey: Buffer;
}

export function deriveCarrierSecrets(masterKey: Buffer): CarrierSecrets {
  if (masterKey.length < 32) throw new Error('The carriers master key must be at least 32 bytes');
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), info, 32));
  return {
    encryptionKey: derive('shipledger/carriers/credentials'),
    signingKey: derive('shipledger/carriers/label-urls'),
  };
}

export interface CarrierSecretsSource {
  /** Base64 or hex of ≥32 bytes (env SHIPLEDGER_CARRIERS_KEY). */
  key?: string;
  /** Folder where a generated key is kept when none is configured (the data folder). */
  dataDir?: string;
}

/**
 * The configured key, else the key file in the data folder (created on first start with mode 0600),
 * else a per-process random key — only acceptable for in-memory databases, whose rows die with it.
 */
export function loadCarrierSecrets(source: CarrierSecretsSource): CarrierSecrets {
  if (source.key) return deriveCarrierSecrets(parseKey(source.key));
  if (source.dataDir && source.dataDir !== 'memory://') {
    const file = join(source.dataDir, 'carriers.key');
    if (!existsSync(file)) createKeyFile(file);
    tighten(file, PRIVATE_FILE_MODE);
    return deriveCarrierSecrets(parseKey(readFileSync(file, 'utf8').trim()));
  }
  return deriveCarrierSecrets(randomBytes(32));
}

/**
 * Two processes (an API and a worker, or two test workers) may start on a fresh folder together: the
 * key is written whole to a private temporary file and then hard-linked into place, which fails if the
 * name exists — so there is exactly one key, and nobody ever reads a half-written one.
 */
function createKeyFile(file: string): void {
  ensurePrivateDir(dirname(file));
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, randomBytes(32).toString('base64'), { mode: 0o600 });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
}

function parseKey(text: string): Buffer {
  const key = /^[0-9a-f]{64,}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length < 32) throw new Error('SHIPLEDGER_CARRIERS_KEY must encode at least 32 bytes');
  return key;
}

/** HMAC-SHA256 helper shared by label URLs and webhook verification. */
export function hmac(key: Buffer, payload: string): Buffer {
  return createHmac('sha256', key).update(payload).digest();
}
