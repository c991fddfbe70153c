'use strict';
// Runs `npm run build` before `npm start` only when dist/ is missing or older than a file the build reads,
// so that a fresh clone or a pulled change is built once and every other start runs the build as it is.
// Plain CommonJS: it runs before anything is compiled. `--check` only says what it would do; `--root DIR`
// looks at another tree.
const { spawn } = require('node:child_process');
const { existsSync, readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } = require('node:fs');
const { join, relative } = require('node:path');
const { setInterval, clearInterval } = require('node:timers');

const BUILD_CONFIG = 'tsconfig.build.json';
/** Written after each successful build: its time is the build's. */
const STAMP = join('dist', '.build-stamp');
const ENTRY = join('dist', 'server', 'main.js');
/** tsc's incremental state: once its outputs are gone it must go too, or tsc would emit nothing. */
const BUILD_INFO = join('dist', '.tsbuildinfo');

/** What the build reads: the folders tsconfig.build.json includes, the configs, and the build scripts. */
function inputs(root) {
  const config = JSON.parse(readFileSync(join(root, BUILD_CONFIG), 'utf8'));
  return [...(config.include ?? []), 'tsconfig.json', BUILD_CONFIG, 'package.json', 'scripts'];
}

// Tests and test kits are not compiled, so changing them needs no build; the client's own build output and
// the tarballs `npm pack` leaves are no input either.
const ignored = (path) =>
  path.endsWith('.test.ts') ||
  path.endsWith('.tgz') ||
  path.startsWith(join('server', 'testing')) ||
  path.startsWith(join('scripts', 'bench')) ||
  path.startsWith(join('client', 'dist')) ||
  path.includes('node_modules');

/** The first input changed after `since` (epoch ms), or undefined. */
function newerInput(root, since) {
  const pending = inputs(root)
    .map((name) => join(root, name))
    .filter((path) => existsSync(path));
  while (pending.length > 0) {
    const path = pending.pop();
    const stats = statSync(path);
    if (stats.isDirectory()) {
      for (const entry of readdirSync(path)) pending.push(join(path, entry));
    } else if (!ignored(relative(root, path)) && stats.mtimeMs > since) {
      return relative(root, path);
    }
  }
  return undefined;
}

/** Why the build must run, or undefined when dist/ is up to date. */
function reasonToBuild(root) {
  if (!existsSync(join(root, ENTRY))) return `${ENTRY} does not exist`;
  if (!existsSync(join(root, STAMP))) return `${STAMP} does not exist`;
  const changed = newerInput(root, statSync(join(root, STAMP)).mtimeMs);
  return changed === undefined ? undefined : `${changed} changed since the last build`;
}

/** How often a running build checks that the process that started it is still there. */
const PARENT_CHECK_MS = 500;
const STOP_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'];

/**
 * Runs the build in a process group of its own and resolves with its exit code. A stop signal, or the end of the
 * shell of `npm start` (a supervisor's SIGTERM reaches that shell alone), ends the whole group: no compiler is left
 * running without the start that wanted it.
 */
function runBuild(command, root) {
  return new Promise((resolve) => {
    const child = spawn(command[0], command[1], { cwd: root, stdio: ['ignore', 2, 2], detached: true });
    const parent = process.ppid;
    const stopGroup = (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // The group has already ended.
      }
    };
    const onSignal = (signal) => {
      stopGroup(signal);
      process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGHUP' ? 1 : 15));
    };
    for (const signal of STOP_SIGNALS) process.on(signal, onSignal);
    const watch = setInterval(() => {
      if (process.ppid !== parent) onSignal('SIGTERM');
    }, PARENT_CHECK_MS);
    child.once('exit', (code, signal) => {
      clearInterval(watch);
      for (const name of STOP_SIGNALS) process.off(name, onSignal);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

async function main(argv) {
  const rootAt = argv.indexOf('--root');
  const root = rootAt >= 0 ? argv[rootAt + 1] : join(__dirname, '..');
  const reason = reasonToBuild(root);
  if (argv.includes('--check')) {
    process.stdout.write(reason === undefined ? 'up to date\n' : `build needed: ${reason}\n`);
    return 0;
  }
  if (reason === undefined) return 0;
  process.stderr.write(`Building dist/ (${reason})...\n`);
  // Files saved while the build runs must count as changed at the next start: the stamp takes the time it began.
  const startedAt = new Date();
  if (!existsSync(join(root, ENTRY))) rmSync(join(root, BUILD_INFO), { force: true });
  // The build's output goes to stderr: the service's stdout holds its log lines only.
  const npm = process.env.npm_execpath;
  const command = npm ? [process.execPath, [npm, 'run', '--silent', 'build']] : ['npm', ['run', '--silent', 'build']];
  const status = await runBuild(command, root);
  if (status !== 0) return status;
  writeFileSync(join(root, STAMP), `${startedAt.toISOString()}\n`);
  utimesSync(join(root, STAMP), startedAt, startedAt);
  return 0;
}

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
