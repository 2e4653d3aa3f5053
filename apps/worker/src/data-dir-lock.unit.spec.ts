import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { acquireDataDirLock, DataDirInUseError, LOCK_FILE } from './data-dir-lock';

describe('data folder lock', () => {
  const freshDir = () => mkdtempSync(join(tmpdir(), 'shipledger-lock-'));

  it('refuses a second holder while the first lives, naming it', () => {
    const dir = freshDir();
    const lock = acquireDataDirLock(dir, 'shipledger api');
    try {
      const error = captureError(() => acquireDataDirLock(dir, 'shipledger cli'));
      expect(error).toBeInstanceOf(DataDirInUseError);
      expect((error as Error).message).toMatch(/in use by shipledger api \(pid \d+/);
    } finally {
      lock.release();
    }
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    acquireDataDirLock(dir, 'shipledger cli').release();
  });

  it('takes over a lock left by a process that is gone', () => {
    const dir = freshDir();
    const exited = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    const deadPid = Number(exited.stdout.toString());
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: deadPid, role: 'crashed worker', since: 'earlier' }));
    const lock = acquireDataDirLock(dir, 'shipledger worker');
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });
});

function captureError(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}
