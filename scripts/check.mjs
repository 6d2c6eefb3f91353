// `npm run check`: the static checks side by side (each mostly keeps one core busy), then the tests. Prints how
// long each step took, so that a slow step shows; fails when any step fails, after all of a stage have ended.
import { spawn } from 'node:child_process';
import process from 'node:process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const STAGES = [
  [
    ['lint', npm, ['run', '-s', 'lint']],
    ['format:check', npm, ['run', '-s', 'format:check']],
    ['typecheck', npm, ['run', '-s', 'typecheck']],
    ['build:web (when a source changed)', process.execPath, ['scripts/build-if-needed.mjs', 'web']],
  ],
  // The tests mostly wait (for the database, the fake model, the browser): two workers keep two cores busy.
  [['test', npm, ['test', '--', '--maxWorkers=2', ...process.argv.slice(2)]]],
];

/**
 * Runs one step. Beside others, its output is buffered and printed whole once it ends, so that steps do not mix;
 * alone, it is shown as it comes.
 */
function run([name, command, args], alone) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', alone ? 'inherit' : 'pipe', alone ? 'inherit' : 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${output}${code === 0 ? 'ok' : 'FAILED'}: ${name} (${seconds} s)\n`);
      resolve(code === 0);
    });
  });
}

for (const stage of STAGES) {
  const results = await Promise.all(stage.map((step) => run(step, stage.length === 1)));
  if (results.includes(false)) process.exit(1);
}
