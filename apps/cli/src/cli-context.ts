import pino from 'pino';
import type { Command } from 'commander';
import { loadProcessConfig, type ProcessConfig } from '../../worker/src/config';
import { openProcessResources, type ProcessResources } from '../../worker/src/process-resources';
import type { WorkerLogger } from '@shipledger/projections';

/** What every command gets: config, a lazily opened database + event store, and output. */
export interface CliContext {
  readonly config: ProcessConfig;
  readonly logger: WorkerLogger;
  /**
   * Opens the database and event store once, on first use. On PGlite this takes the data folder's
   * lock: it throws DataDirInUseError while the api or worker runs on the same folder.
   */
  resources(): Promise<ProcessResources>;
  /** Prints one line of a command's result on stdout. */
  print(line: string): void;
  close(): Promise<void>;
}

/** One file per command group (commands/<area>.commands.ts) exports one of these. */
export type CommandGroup = (program: Command, context: CliContext) => void;

export function createCliContext(env: NodeJS.ProcessEnv = process.env): CliContext {
  const config = loadProcessConfig(env);
  let opened: Promise<ProcessResources> | undefined;
  return {
    config,
    logger: pino({ name: 'cli', level: env.LOG_LEVEL ?? 'warn' }, pino.destination(2)),
    resources: () => (opened ??= openProcessResources(config, 'shipledger cli')),
    print: (line) => process.stdout.write(`${line}\n`),
    async close() {
      if (!opened) return;
      const resources = await opened.catch(() => undefined);
      await resources?.close();
    },
  };
}
