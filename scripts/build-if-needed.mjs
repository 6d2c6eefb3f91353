// Builds only when a source is newer than the last build, so that an existing build costs no compile:
// `npm start`'s first step (the whole build, marked by dist/.build-stamp) and `npm run check`'s (the web page,
// `node scripts/build-if-needed.mjs web`, marked by dist/.web-build-stamp). A stamp is written after its build
// succeeds.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';

const TARGETS = {
  all: {
    stamp: 'dist/.build-stamp',
    script: 'build',
    sources: ['src', 'migrations', 'web', 'packages/client/src', 'package-lock.json', 'package.json'],
    sourcesAlso: ['tsconfig.json', 'tsconfig.build.json', 'packages/client/tsconfig.json'],
  },
  web: {
    stamp: 'dist/.web-build-stamp',
    script: 'build:web',
    sources: ['web', 'packages/client/src', 'package-lock.json', 'package.json'],
    sourcesAlso: [],
  },
};

/** The newest modification time under `path` (a file or a directory), 0 when it does not exist. */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    latest = Math.max(latest, newest(join(path, entry)));
  }
  return latest;
}

const name = process.argv[2] ?? 'all';
const target = TARGETS[name];
if (!target) {
  process.stderr.write(`Unknown build "${name}": use one of ${Object.keys(TARGETS).join(', ')}.\n`);
  process.exit(2);
}
const built = existsSync(target.stamp) ? statSync(target.stamp).mtimeMs : 0;
const changed = Math.max(...[...target.sources, ...target.sourcesAlso].map(newest));
if (changed > built) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const { status } = spawnSync(npm, ['run', target.script], { stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
  writeFileSync(target.stamp, `${new Date().toISOString()}\n`);
}
