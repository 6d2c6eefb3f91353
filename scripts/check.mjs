// `npm run check`: the page's build, then the tests with the static checks beside them. Prints how long each step
// took, so that a slow step shows; fails when any step fails, after all of a stage have ended.
import { spawn } from 'node:child_process';
import process from 'node:process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/** Runs a command at a low CPU priority (see the script). */
const niced = (command, args) => [process.execPath, ['scripts/run-niced.mjs', command, ...args]];

const STAGES = [
  // The browser tests need the page built.
  [{ name: 'build:web (when a source changed)', command: [process.execPath, ['scripts/build-if-needed.mjs', 'web']] }],
  [
    // The tests mostly wait (for the database, the fake model, the browser): two workers, shown as they run.
    { name: 'test', command: [npm, ['test', '--', '--maxWorkers=2', ...process.argv.slice(2)]], live: true },
    // The static checks take the CPU time the tests leave while they wait, at a low priority so as not to slow
    // them; on a clean clone they are a minute of CPU, the type-aware lint rules most of it. Their output is
    // printed once the tests have ended.
    { name: 'lint', command: niced(npm, ['run', '-s', 'lint']) },
    { name: 'format:check', command: niced(npm, ['run', '-s', 'format:check']) },
    { name: 'typecheck', command: niced(npm, ['run', '-s', 'typecheck']) },
  ],
];

/** Runs one step: shown as it comes when `live`, else kept and given back. Resolves with its outcome. */
function run({ name, command: [command, args], live = false }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const stdio = live ? 'inherit' : 'pipe';
    const child = spawn(command, args, { stdio: ['ignore', stdio, stdio] });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      resolve({ ok: code === 0, report: `${output}${code === 0 ? 'ok' : 'FAILED'}: ${name} (${seconds} s)\n` });
    });
  });
}

const checkStarted = Date.now();
for (const stage of STAGES) {
  const results = await Promise.all(stage.map(run));
  for (const { report } of results) process.stdout.write(report);
  if (results.some(({ ok }) => !ok)) process.exit(1);
}
process.stdout.write(`check: every step passed in ${((Date.now() - checkStarted) / 1000).toFixed(1)} s\n`);
