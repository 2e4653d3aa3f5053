// Runs the TypeScript sources directly: SWC compiles on load (with decorator metadata, which Nest's
// dependency injection needs) and the tsconfig path aliases (@shipledger/*) are resolved here.
'use strict';
const path = require('node:path');
const Module = require('node:module');
const root = path.resolve(__dirname, '..');
const aliases = { '@shipledger/': path.join(root, 'libs') };
const originalResolve = Module._resolveFilename;
Module._resolveFilename = function resolve(request, ...rest) {
  if (request.startsWith('@shipledger/')) {
    const [, lib, ...sub] = request.split('/');
    request = path.join(aliases['@shipledger/'], lib, 'src', ...sub);
  }
  return originalResolve.call(this, request, ...rest);
};
process.env.SWC_NODE_PROJECT = process.env.SWC_NODE_PROJECT || path.join(root, 'tsconfig.json');
require('@swc-node/register');
