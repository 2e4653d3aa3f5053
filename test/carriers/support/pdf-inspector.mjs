// Reads a PDF from stdin and prints {pages: [{text, images: [base64 PNG]}]} as JSON. Runs as a plain
// node process: pdf.js starts its worker with a dynamic import(), which jest's module VM refuses.
import { PDFParse } from 'pdf-parse';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
try {
  const text = await parser.getText();
  const images = await parser.getImage({ imageThreshold: 0, imageDataUrl: false });
  const pages = text.pages.map((page, index) => ({
    text: page.text,
    images: (images.pages[index]?.images ?? []).map((image) => Buffer.from(image.data).toString('base64')),
  }));
  process.stdout.write(JSON.stringify({ total: text.total, pages }));
} finally {
  await parser.destroy();
}
