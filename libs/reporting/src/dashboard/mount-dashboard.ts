import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Only this origin may load anything, nothing inline runs or styles, no plugin, and no other site may
 * frame the page. Label previews are drawn on a canvas by PDF.js from this origin's /labels/... links
 * (its worker a module of this origin: worker-src falls back to script-src).
 */
export const DASHBOARD_CSP = [
  "default-src 'none'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:", "connect-src 'self'",
  "frame-src 'none'", "object-src 'none'", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'",
].join('; ');

const PUBLIC_DIR = join(__dirname, 'public');
const PDFJS_BUILD = join(dirname(require.resolve('pdfjs-dist/package.json')), 'build');
const ASSETS: Record<string, { file: string; type: string }> = {
  '/dashboard/dashboard.js': { file: join(PUBLIC_DIR, 'dashboard.js'), type: 'text/javascript; charset=utf-8' },
  '/dashboard/dashboard.css': { file: join(PUBLIC_DIR, 'dashboard.css'), type: 'text/css; charset=utf-8' },
  // Chart.js (MIT) from node_modules: its UMD build defines window.Chart. Its package exports hide
  // dist/, so the file is found beside the package's main entry.
  '/dashboard/vendor/chart.umd.min.js': { file: join(dirname(require.resolve('chart.js')), 'chart.umd.min.js'), type: 'text/javascript; charset=utf-8' },
  '/dashboard/label-preview.mjs': { file: join(PUBLIC_DIR, 'label-preview.mjs'), type: 'text/javascript; charset=utf-8' },
  // PDF.js (Apache-2.0, pdfjs-dist) draws the label preview; its worker is a module of this origin too.
  '/dashboard/vendor/pdf.min.mjs': { file: join(PDFJS_BUILD, 'pdf.min.mjs'), type: 'text/javascript; charset=utf-8' },
  '/dashboard/vendor/pdf.worker.min.mjs': { file: join(PDFJS_BUILD, 'pdf.worker.min.mjs'), type: 'text/javascript; charset=utf-8' },
};

/**
 * The operations dashboard at /dashboard: one HTML page, its script and style, and Chart.js — all
 * served by this service (no CDN, no other host), read once at start. The page calls the public API
 * with the tenant's own credentials; it needs no server-side session.
 */
export function mountDashboard(fastify: FastifyInstance): void {
  const page = readFileSync(join(PUBLIC_DIR, 'index.html'));
  const secure = (reply: FastifyReply) => reply
    .header('content-security-policy', DASHBOARD_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('x-frame-options', 'DENY')
    .header('cross-origin-opener-policy', 'same-origin');
  fastify.get('/dashboard', async (_request, reply) => secure(reply).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page));
  for (const [path, asset] of Object.entries(ASSETS)) {
    const content = readFileSync(asset.file);
    fastify.get(path, async (_request, reply) => secure(reply).type(asset.type).header('cache-control', 'no-cache').send(content));
  }
}
