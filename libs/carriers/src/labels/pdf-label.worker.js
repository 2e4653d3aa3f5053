// A label-rendering thread (see pdf-label.pool.ts). It runs the TypeScript renderer the way the
// processes do: tools/register.js compiles on load and resolves the @shipledger/* aliases.
'use strict';
const { join } = require('node:path');
require(join(__dirname, '..', '..', '..', '..', 'tools', 'register.js'));
const { renderPdfLabel } = require('./pdf-label.renderer.ts');
const { renderManifestPdf } = require('../manifests/manifest-pdf.renderer.ts');

/** Says "started" first: the caller's time limit counts the rendering, not the queue or the thread's start. */
module.exports = ({ input, started, document }) => {
  started.postMessage('started');
  started.close();
  return document === 'manifest' ? renderManifestPdf(input) : renderPdfLabel(input);
};
