import { execFile } from 'node:child_process';
import type { Database } from '@shipledger/database';
import { REPO_ROOT } from './test-postgres-server';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Where the CLI finds its data: a Postgres URL, or an embedded (PGlite) data folder. */
export type CliTarget = { databaseUrl: string } | { dataDir: string };

/**
 * Runs the operators' CLI (apps/cli) in a child process, as an operator would: a file run by path,
 * not an import, so this library still imports nothing from apps/. Never rejects: the exit code,
 * stdout and stderr are the answer.
 */
export function runCli(target: CliTarget, ...args: string[]): Promise<CliRun> {
  const data = 'databaseUrl' in target
    ? { DATABASE_URL: target.databaseUrl }
    : { DATA_DIR: target.dataDir, DATABASE_URL: '' };
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['-r', './tools/register.js', 'apps/cli/src/main.ts', ...args],
      { cwd: REPO_ROOT, env: { ...process.env, ...data, EVENTSTORE_URL: '', NODE_OPTIONS: '' } },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The connection URL of a Postgres-backed Database (a test app started with `postgres: true`). */
export function databaseUrlOf(database: Database): string {
  const url = (database.pool as unknown as { options?: { connectionString?: string } } | undefined)?.options?.connectionString;
  if (!url) throw new Error('databaseUrlOf: not a Postgres database');
  return url;
}
