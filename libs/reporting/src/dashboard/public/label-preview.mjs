/**
 * The label preview: the first page of a PDF label drawn on a canvas by PDF.js (Mozilla's pdfjs-dist,
 * served by this service from node_modules, like Chart.js), so the preview shows in every browser,
 * headless ones and phones included, not only where a built-in PDF viewer exists.
 */
import * as pdfjs from '/dashboard/vendor/pdf.min.mjs';

pdfjs.GlobalWorkerOptions.workerSrc = '/dashboard/vendor/pdf.worker.min.mjs';

/** Draws page 1 of the PDF at `url` (same origin) into `canvas`, as wide as its box; resolves when drawn. */
export async function drawLabel(canvas, url) {
  // isEvalSupported: the page's CSP allows no eval; PDF.js then interprets fonts instead of compiling them.
  const document = await pdfjs.getDocument({ url, isEvalSupported: false }).promise;
  try {
    const page = await document.getPage(1);
    const unscaled = page.getViewport({ scale: 1 });
    const cssWidth = Math.max(200, Math.min(canvas.parentElement.clientWidth || unscaled.width, 720));
    const ratio = window.devicePixelRatio || 1;
    const viewport = page.getViewport({ scale: (cssWidth / unscaled.width) * ratio });
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    canvas.style.width = cssWidth + 'px';
    canvas.style.height = Math.floor(viewport.height / ratio) + 'px';
    await page.render({ canvasContext: canvas.getContext('2d'), viewport }).promise;
    return { pages: document.numPages };
  } finally {
    await document.destroy();
  }
}
