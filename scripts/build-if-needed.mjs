// `npm start`'s first step: builds only when a source is newer than the last build, so that starting an
// existing build costs no compile. The last build is marked by dist/.build-stamp, written after it succeeds.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';

const STAMP = 'dist/.build-stamp';
const SOURCES = ['src', 'migrations', 'web', 'packages/client/src', 'package-lock.json', 'package.json'];
const SOURCES_ALSO = ['tsconfig.json', 'tsconfig.build.json', 'packages/client/tsconfig.json'];

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

const built = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0;
const changed = Math.max(...[...SOURCES, ...SOURCES_ALSO].map(newest));
if (changed > built) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const { status } = spawnSync(npm, ['run', 'build'], { stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
  writeFileSync(STAMP, `${new Date().toISOString()}\n`);
}
