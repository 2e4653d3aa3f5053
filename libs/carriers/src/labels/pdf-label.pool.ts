import { join } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { ManifestDocumentInput } from '../manifests/manifest-pdf.renderer';
import type { PdfLabelInput } from './pdf-label.renderer';

/** How long one PDF label may take before its thread is stopped (LABEL_RENDER_TIMEOUT_MS). */
export const DEFAULT_LABEL_RENDER_TIMEOUT_MS = 10_000;

/** How long a label may wait for a free, started thread before its own time limit begins. */
const THREAD_START_ALLOWANCE_MS = 30_000;

/** A label took longer than its time limit; the thread rendering it was stopped. */
export class LabelRenderTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`label rendering did not finish within ${timeoutMs} ms`);
    this.name = 'LabelRenderTimeoutError';
  }
}

let pool: Piscina | undefined;

/**
 * One pool of rendering threads per process (piscina): at most two threads (the machine's cores serve
 * the API too), kept a minute when idle, and unreferenced then so they never hold a process open.
 */
function renderPool(): Piscina {
  pool ??= new Piscina({
    filename: join(__dirname, 'pdf-label.worker.js'),
    minThreads: 0,
    maxThreads: 2,
    idleTimeout: 60_000,
  });
  return pool;
}

/**
 * PDF labels rendered off the event loop, with a time limit. pdfkit lays text out synchronously and
 * some inputs (a megabyte-long line) take minutes: on the API's thread that would stop every request.
 * Here the render runs in a worker thread; `timeoutMs` after the thread began it, the thread is
 * terminated (piscina aborts a running task by ending its thread) and the call fails with
 * LabelRenderTimeoutError.
 */
export class PdfLabelRenderer {
  constructor(readonly timeoutMs: number = DEFAULT_LABEL_RENDER_TIMEOUT_MS) {}

  render(input: PdfLabelInput): Promise<Buffer> {
    return this.run('label', input);
  }

  /** A manifest's hand-over list (manifests/manifest-pdf.renderer.ts) in the same threads, with the same limit. */
  renderManifest(input: ManifestDocumentInput): Promise<Buffer> {
    return this.run('manifest', input);
  }

  private async run(document: 'label' | 'manifest', input: PdfLabelInput | ManifestDocumentInput): Promise<Buffer> {
    const abort = new AbortController();
    const { port1: startedHere, port2: startedThere } = new MessageChannel();
    let timedOut = false;
    const expire = () => {
      timedOut = true;
      abort.abort();
    };
    // The limit runs from the moment a thread takes the label; waiting for a thread (the queue, a
    // thread starting after the previous one was stopped) has a generous bound of its own.
    let timer = setTimeout(expire, this.timeoutMs + THREAD_START_ALLOWANCE_MS);
    startedHere.once('message', () => {
      clearTimeout(timer);
      timer = setTimeout(expire, this.timeoutMs);
    });
    try {
      const bytes: Uint8Array = await renderPool().run({ input, started: startedThere, document }, { signal: abort.signal, transferList: [startedThere] });
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } catch (error) {
      if (timedOut) throw new LabelRenderTimeoutError(this.timeoutMs);
      throw error;
    } finally {
      clearTimeout(timer);
      startedHere.close();
    }
  }
}
