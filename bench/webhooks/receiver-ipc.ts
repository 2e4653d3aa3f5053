import { fork } from 'node:child_process';
import { join } from 'node:path';

export type ReceiverMessage = { type: 'stats' } | { type: 'close' };

export interface ReceiverStats {
  /** `/plain` posts received. */
  plain: number;
  /** event-id → arrival times (ms since the epoch), one per copy received. */
  arrivals: Map<string, number[]>;
}

export interface Receiver {
  url: string;
  /** PEM file of the receiver's self-signed certificate. */
  caFile: string;
  stats(): Promise<ReceiverStats>;
  close(): Promise<void>;
}

/** Forks receiver-process.ts and waits until it listens. */
export async function startReceiver(): Promise<Receiver> {
  const root = join(__dirname, '..', '..');
  const child = fork(join(__dirname, 'receiver-process.ts'), [], {
    cwd: root, execArgv: ['-r', join(root, 'tools', 'register.js')], stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T>(type: string) => new Promise<T>((resolve, reject) => {
    const listener = (message: { type: string }) => {
      if (message.type !== type) return;
      child.off('message', listener);
      resolve(message as T);
    };
    child.on('message', listener);
    child.once('exit', (code) => reject(new Error(`receiver exited (${code})`)));
  });
  const ready = await next<{ url: string; caFile: string }>('receiver-ready');
  return {
    url: ready.url,
    caFile: ready.caFile,
    async stats() {
      const answer = next<{ plain: number; arrivals: Array<[string, number[]]> }>('stats');
      child.send({ type: 'stats' } satisfies ReceiverMessage);
      const { plain, arrivals } = await answer;
      return { plain, arrivals: new Map(arrivals) };
    },
    async close() {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'close' } satisfies ReceiverMessage);
      await gone;
    },
  };
}
