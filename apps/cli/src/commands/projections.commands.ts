import { SingleBar, Presets } from 'cli-progress';
import {
  dropRetiredReadModels,
  findRetiredReadModels,
  listParkedEvents,
  projectionStatus,
  rebuildProjector,
  retryParkedEvents,
  retryParkedProjectorEvents,
  skipParkedEvent,
  type FollowerStatus,
  type Projector,
  type Reactor,
  type RebuildProgress,
} from '@shipledger/projections';
import { allProjectors, allReactors } from '../../../worker/src/registry';
import type { ProcessResources } from '../../../worker/src/process-resources';
import type { CliContext, CommandGroup } from '../cli-context';
import { formatTable } from '../format-table';

export const projectionsCommands: CommandGroup = (program, context) => {
  program
    .command('projections:status')
    .description("each projector's and reactor's position and lag behind the event store's head")
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }) => status(context, options.json === true));

  program
    .command('projections:rebuild')
    .argument('<name>', 'projector name (see projections:status)')
    .option('--batch-size <n>', 'events per transaction', '1000')
    .description('rebuild a read model from position 0 beside the live one, then swap; the API keeps serving')
    .action(async (name: string, options: { batchSize: string }) => rebuild(context, name, Number(options.batchSize)));

  program
    .command('projections:parked')
    .argument('[name]', 'only this projector or reactor')
    .option('--json', 'print JSON')
    .description('events projectors and reactors gave up on after their tries (parked)')
    .action(async (name: string | undefined, options: { json?: boolean }) => parked(context, name, options.json === true));

  program
    .command('projections:retry-parked')
    .argument('<name>', 'projector or reactor name')
    .description('apply (projector) or hand over (reactor) its parked events again, oldest first; those that now succeed leave the list')
    .action(async (name: string) => retryParked(context, name));

  program
    .command('projections:skip-parked')
    .argument('<name>', 'projector or reactor name')
    .argument('<event-id>', 'id of the parked event (see projections:parked)')
    .description('drop a parked event for good: the projector or reactor never gets it')
    .action(async (name: string, eventId: string) => skipParked(context, name, eventId));

  program
    .command('projections:drop-retired')
    .option('--yes', 'drop them (without it, only list them)')
    .description('list, or with --yes drop, the read models of projectors the code no longer has (schemas, checkpoints, parked events)')
    .action(async (options: { yes?: boolean }) => dropRetired(context, options.yes === true));
};

async function dropRetired(context: CliContext, drop: boolean): Promise<void> {
  const { database } = await context.resources();
  const retired = drop ? await dropRetiredReadModels(database.kysely, allProjectors()) : await findRetiredReadModels(database.kysely, allProjectors());
  if (retired.schemas.length === 0 && retired.projectors.length === 0) return context.print('no retired read models');
  const verb = drop ? 'dropped' : 'retired (drop with --yes)';
  for (const schema of retired.schemas) context.print(`schema ${schema}: ${verb}`);
  for (const name of retired.projectors) context.print(`projector ${name} (checkpoint, rebuild claim, parked events): ${verb}`);
}

async function status(context: CliContext, json: boolean): Promise<void> {
  const { database, eventStore } = await context.resources();
  const report = await projectionStatus({ database, eventStore, projectors: allProjectors(), reactors: allReactors({ database, eventStore, logger: context.logger }) });
  if (json) return context.print(JSON.stringify(report, null, 2));
  context.print(`head position: ${report.head ?? '(empty store)'}`);
  const rows = report.followers.map((f) => [
    f.kind,
    f.name,
    f.kind === 'projector' ? `${f.version ?? '-'}${f.version !== f.codeVersion ? ` → ${f.codeVersion}` : ''}` : '',
    f.position ?? '(start)',
    `${f.lagCapped ? '≥' : ''}${f.lag}`,
    f.updatedAt ?? '-',
    f.runBy ?? '-',
    note(f),
  ]);
  const header = ['kind', 'name', 'version', 'position', 'lag', 'updated', 'run by', 'note'];
  for (const line of formatTable(header, rows)) context.print(line);
}

function note(f: FollowerStatus): string {
  if (f.rebuild) {
    const total = f.rebuild.total ? `/${f.rebuild.total}` : '';
    return `rebuilding: ${f.rebuild.processed}${total} events (${f.rebuild.owner})`;
  }
  if (f.kind === 'projector' && f.version === undefined) return 'never started';
  if (f.kind === 'projector' && f.version !== f.codeVersion) return 'rebuild due (version changed)';
  if (f.parked) return `${f.parked} parked event(s)`;
  return '';
}

async function rebuild(context: CliContext, name: string, batchSize: number): Promise<void> {
  const projector = allProjectors().find((p) => p.name === name);
  if (!projector) {
    throw new Error(`no projector named ${name}; known: ${allProjectors().map((p) => p.name).join(', ') || '(none)'}`);
  }
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new Error('--batch-size must be a positive integer');
  const { database, eventStore } = await context.resources();
  const bar = new SingleBar(
    { format: 'rebuild {name} [{bar}] {percentage}% | {value}/{total} events | ETA {eta_formatted}', hideCursor: true },
    Presets.shades_classic,
  );
  let started = false;
  const onProgress = (p: RebuildProgress) => {
    if (p.phase === 'counting') return;
    if (!started) {
      bar.start(p.total ?? 0, p.processed, { name });
      started = true;
    }
    // Events appended while the rebuild runs push the total up.
    if (p.total !== undefined && p.processed > p.total) bar.setTotal(p.processed);
    bar.update(p.processed);
  };
  context.print(`counting events for ${name}…`);
  try {
    const result = await rebuildProjector({ database, eventStore, projector, batchSize, onProgress });
    bar.stop();
    const perSecond = Math.round(result.events / Math.max(result.durationMs / 1000, 0.001));
    context.print(`${name} rebuilt: ${result.events} events in ${(result.durationMs / 1000).toFixed(1)} s (${perSecond}/s), live at ${result.position ?? '(start)'}`);
  } finally {
    if (started) bar.stop();
  }
}

async function parked(context: CliContext, name: string | undefined, json: boolean): Promise<void> {
  const { database } = await context.resources();
  const events = await listParkedEvents(database.kysely, name);
  if (json) return context.print(JSON.stringify(events, null, 2));
  if (events.length === 0) return context.print('no parked events');
  const rows = events.map((e) => [e.kind, e.follower, e.position, e.eventType, e.streamId, e.eventId, String(e.attempts), e.parkedAt, firstLine(e.lastError)]);
  for (const line of formatTable(['kind', 'name', 'position', 'type', 'stream', 'event id', 'tries', 'parked', 'error'], rows)) context.print(line);
}

async function retryParked(context: CliContext, name: string): Promise<void> {
  const { database, eventStore } = await context.resources();
  const follower = findFollower(context, name, { database, eventStore });
  const outcomes =
    follower.kind === 'projector'
      ? await retryParkedProjectorEvents({ database, eventStore, projector: follower.projector })
      : await retryParkedEvents({ database, eventStore, reactor: follower.reactor });
  if (outcomes.length === 0) return context.print(`no parked events for ${name}`);
  for (const o of outcomes) {
    const text = {
      handled: 'applied; unparked',
      skipped: 'applied with an earlier event of its stream; unparked',
      missing: 'no longer in its stream; left parked',
      failed: `failed again: ${firstLine(o.error ?? '')}`,
    };
    context.print(`${o.eventId}: ${text[o.outcome]}`);
  }
  if (outcomes.some((o) => o.outcome === 'failed' || o.outcome === 'missing')) process.exitCode = 1;
}

async function skipParked(context: CliContext, name: string, eventId: string): Promise<void> {
  const { database, eventStore } = await context.resources();
  const follower = findFollower(context, name, { database, eventStore });
  if (!(await skipParkedEvent(database, { kind: follower.kind, name }, eventId))) {
    throw new Error(`${name} has no parked event ${eventId}`);
  }
  context.print(`${eventId}: skipped; ${name} will never get it`);
}

type Follower = { kind: 'projector'; projector: Projector } | { kind: 'reactor'; reactor: Reactor };

function findFollower(context: CliContext, name: string, deps: Pick<ProcessResources, 'database' | 'eventStore'>): Follower {
  const projector = allProjectors().find((p) => p.name === name);
  if (projector) return { kind: 'projector', projector };
  const reactors = allReactors({ ...deps, logger: context.logger });
  const reactor = reactors.find((r) => r.name === name);
  if (reactor) return { kind: 'reactor', reactor };
  const known = [...allProjectors().map((p) => p.name), ...reactors.map((r) => r.name)].join(', ');
  throw new Error(`no projector or reactor named ${name}; known: ${known}`);
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? '';
}
