import { chmodSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Folders holding data or secrets: the owner only (others cannot even list or traverse them). */
export const PRIVATE_DIR_MODE = 0o700;
/** Secret files: the owner reads and writes. */
export const PRIVATE_FILE_MODE = 0o600;

/** Creates `path` (and missing parents) owner-only, and tightens it if it already existed wider. */
export function ensurePrivateDir(path: string): void {
  mkdirSync(path, { recursive: true, mode: PRIVATE_DIR_MODE });
  tighten(path, PRIVATE_DIR_MODE);
}

/** Writes a secret owner-only (0600) into an owner-only folder, also when the file existed with a wider mode. */
export function writePrivateFile(path: string, data: string | Buffer): void {
  ensurePrivateDir(dirname(path));
  writeFileSync(path, data, { mode: PRIVATE_FILE_MODE });
  tighten(path, PRIVATE_FILE_MODE);
}

/** A file or folder written by an earlier version with a wider mode is narrowed to `mode`. */
export function tighten(path: string, mode: number): void {
  if ((statSync(path).mode & 0o777 & ~mode) !== 0) chmodSync(path, mode);
}
