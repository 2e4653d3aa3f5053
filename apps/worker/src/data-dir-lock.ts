import { ensurePrivateDir } from '@shipledger/platform';
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite is one process's database: a second process opening the same folder would corrupt it, and
 * PGlite itself takes no lock. Every Shipledger process (api, worker, cli) takes this one first.
 */
export class DataDirInUseError extends Error {
  constructor(readonly dataDir: string, readonly holder: LockHolder) {
    super(
      `The data folder ${dataDir} is in use by ${holder.role} (pid ${holder.pid}, since ${holder.since}). ` +
        'PGlite serves one process at a time: stop that process first, or run both on Postgres (DATABASE_URL).',
    );
    this.name = 'DataDirInUseError';
  }
}

export interface LockHolder {
  pid: number;
  role: string;
  since: string;
}

export interface DataDirLock {
  release(): void;
}

export const LOCK_FILE = 'shipledger.lock';

/** Takes the folder's lock file (created with O_EXCL); a lock left by a dead process is taken over. */
export function acquireDataDirLock(dataDir: string, role: string): DataDirLock {
  // The data folder holds the database and the secrets: owner-only.
  ensurePrivateDir(dataDir);
  const file = join(dataDir, LOCK_FILE);
  const me: LockHolder = { pid: process.pid, role, since: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      const release = () => {
        process.off('exit', release);
        if (readHolder(file)?.pid === process.pid) unlinkSync(file);
      };
      process.on('exit', release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(file);
      if (holder && isAlive(holder.pid)) throw new DataDirInUseError(dataDir, holder);
      unlinkSync(file); // its process is gone
    }
  }
  throw new Error(`could not take the lock ${file}`);
}

function readHolder(file: string): LockHolder | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LockHolder;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
