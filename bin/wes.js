#!/usr/bin/env -S node --no-node-snapshot
'use strict';
// The `wes` command. In a checkout (the TypeScript sources and tsx, a dev dependency, are there) it runs the
// sources, so it is never older than them; otherwise the build in dist/ (`npm run build`). The shebang passes
// --no-node-snapshot, which isolated-vm needs on Node 20; `node bin/wes.js` without it still works for every
// command but may crash a JavaScript script node.
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const source = join(root, 'cli', 'main.ts');

function hasTsx() {
  try {
    require.resolve('tsx/cjs', { paths: [root] });
    return true;
  } catch {
    return false;
  }
}

if (existsSync(source) && hasTsx()) {
  require(require.resolve('tsx/cjs', { paths: [root] }));
  require(source);
} else {
  require(join(root, 'dist', 'cli', 'main.js'));
}
