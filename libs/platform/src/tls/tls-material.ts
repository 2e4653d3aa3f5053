import { createHash, X509Certificate } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { ensurePrivateDir, PRIVATE_FILE_MODE, tighten, writePrivateFile } from '../crypto/private-files';
import { join } from 'node:path';
import { generate } from 'selfsigned';

export interface TlsMaterial {
  cert: string;
  key: string;
  /** SHA-256 fingerprint of the certificate, colon-separated hex (what browsers and curl show). */
  fingerprint: string;
  /** True when the certificate was generated now or earlier into the data folder. */
  selfSigned: boolean;
}

export interface TlsSource {
  certFile?: string;
  keyFile?: string;
  /** Where a generated certificate is kept (tls/cert.pem, tls/key.pem). */
  dataDir?: string;
}

/** The configured certificate, else the self-signed one in the data folder, generated on first use. */
export async function loadTlsMaterial(source: TlsSource): Promise<TlsMaterial> {
  if (source.certFile || source.keyFile) {
    if (!source.certFile || !source.keyFile) throw new Error('Set both TLS_CERT_FILE and TLS_KEY_FILE');
    const cert = readFileSync(source.certFile, 'utf8');
    return { cert, key: readFileSync(source.keyFile, 'utf8'), fingerprint: fingerprintOf(cert), selfSigned: false };
  }
  if (!source.dataDir) return generateSelfSigned();
  const dir = join(source.dataDir, 'tls');
  const certPath = join(dir, 'cert.pem');
  const keyPath = join(dir, 'key.pem');
  if (existsSync(certPath) && existsSync(keyPath)) {
    ensurePrivateDir(dir);
    tighten(keyPath, PRIVATE_FILE_MODE);
    const cert = readFileSync(certPath, 'utf8');
    return { cert, key: readFileSync(keyPath, 'utf8'), fingerprint: fingerprintOf(cert), selfSigned: true };
  }
  const material = await generateSelfSigned();
  writePrivateFile(keyPath, material.key);
  writeFileSync(certPath, material.cert);
  return material;
}

let memoised: Promise<TlsMaterial> | undefined;

/** A self-signed certificate for localhost; kept for the life of the process (tests start many apps). */
export function generateSelfSigned(): Promise<TlsMaterial> {
  memoised ??= (async () => {
    const notAfterDate = new Date(Date.now() + 825 * 24 * 3600 * 1000);
    const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
      keyType: 'ec',
      curve: 'P-256',
      algorithm: 'sha256',
      notAfterDate,
      extensions: [
        { name: 'basicConstraints', cA: false },
        { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
        { name: 'extKeyUsage', serverAuth: true },
        { name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }, { type: 7, ip: '127.0.0.1' }, { type: 7, ip: '::1' }] },
      ],
    });
    return { cert: pems.cert, key: pems.private, fingerprint: fingerprintOf(pems.cert), selfSigned: true };
  })();
  return memoised;
}

function fingerprintOf(certPem: string): string {
  const der = new X509Certificate(certPem).raw;
  return createHash('sha256').update(der).digest('hex').toUpperCase().match(/.{2}/g)!.join(':');
}
