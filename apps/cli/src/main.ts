import { Command, CommanderError } from 'commander';
import { DataDirInUseError } from '../../worker/src/data-dir-lock';
import { createCliContext } from './cli-context';
import { commandGroups } from './commands';

/** Operators' commands: `npm run cli -- <command>` (or `node -r ./tools/register.js apps/cli/src/main.ts`). */
async function main(argv: string[]): Promise<number> {
  const context = createCliContext();
  const program = new Command('shipledger')
    .description('Shipledger operator commands')
    .showHelpAfterError()
    .exitOverride();
  for (const register of commandGroups) register(program, context);
  try {
    await program.parseAsync(argv);
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    if (error instanceof DataDirInUseError) {
      console.error(error.message);
      return 2;
    }
    console.error(error instanceof Error ? error.message : error);
    return 1;
  } finally {
    await context.close();
  }
}

main(process.argv).then((code) => process.exit(code));
