import { execFile } from 'node:child_process';
import { join } from 'node:path';

export interface InspectedPdf {
  total: number;
  pages: { text: string; images: Buffer[] }[];
}

/** Parses a PDF with pdf.js (in a child node process) into page texts and embedded images (PNG). */
export function inspectPdf(pdf: Buffer): Promise<InspectedPdf> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [join(__dirname, 'pdf-inspector.mjs')], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`PDF parse failed: ${stderr || error.message}`));
      const parsed = JSON.parse(stdout) as { total: number; pages: { text: string; images: string[] }[] };
      resolve({ total: parsed.total, pages: parsed.pages.map((p) => ({ text: p.text, images: p.images.map((i) => Buffer.from(i, 'base64')) })) });
    });
    child.stdin!.end(pdf);
  });
}
