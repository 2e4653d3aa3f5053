import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** A Standard Webhooks secret: `whsec_` + base64 of 32 random bytes. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * AES-256-GCM for signing secrets at rest (the carriers' credential pattern). Stored form
 * `v1.<iv>.<tag>.<ciphertext>` (base64url); the configuration id is bound as additional authenticated
 * data, so a ciphertext copied onto another configuration's row does not decrypt. The key is derived
 * (HKDF) from the carriers' encryption key: one master key to back up, distinct bytes per purpose.
 */
export class SigningSecretCipher {
  private readonly key: Buffer;

  constructor(masterKey: Buffer) {
    if (masterKey.length < 32) throw new Error('The webhook secret key needs at least 32 bytes');
    this.key = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'shipledger/webhooks/signing-secrets', 32));
  }

  encrypt(secret: string, configId: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(configId));
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
  }

  decrypt(stored: string, configId: string): string {
    const [version, iv, tag, body] = stored.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unreadable webhook signing secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(configId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}
