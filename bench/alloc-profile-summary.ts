/**
 * Where a sampled allocation profile's bytes were allocated: by the allocating function (self), and by the
 * nearest frame of the project's own code on the stack, so that allocations inside Node or a library are charged
 * to the project code that caused them. Run: `node dist-bench/bench/alloc-profile-summary.js <file> [top]`
 * (profiles come from `BENCH_SERVER_ALLOC=<file> npm run bench:sse`).
 */
import { readFileSync } from 'node:fs';

interface AllocNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: AllocNode[];
}

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error('usage: alloc-profile-summary <file.heapprofile> [top]');
const top = Number(topArg ?? 25);
const { head } = JSON.parse(readFileSync(file, 'utf8')) as { head: AllocNode };

const bySelf = new Map<string, number>();
const byProjectFrame = new Map<string, number>();
let total = 0;

function frameName(node: AllocNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url.replace(/^.*\/(src|bench|node_modules)\//, '$1/').replace(/^file:\/\//, '');
  return `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
}

function walk(node: AllocNode, nearestProject: string | undefined): void {
  const name = frameName(node);
  const project = /\/dist-bench\/src\//.test(node.callFrame.url) ? name : nearestProject;
  if (node.selfSize > 0) {
    total += node.selfSize;
    bySelf.set(name, (bySelf.get(name) ?? 0) + node.selfSize);
    const owner = project ?? '(no project frame)';
    byProjectFrame.set(owner, (byProjectFrame.get(owner) ?? 0) + node.selfSize);
  }
  for (const child of node.children) walk(child, project);
}
walk(head, undefined);

function print(title: string, map: Map<string, number>): void {
  process.stdout.write(`\n${title}\n`);
  for (const [name, bytes] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    process.stdout.write(
      `${((bytes / total) * 100).toFixed(1).padStart(6)}%  ${(bytes / 1048576).toFixed(1).padStart(8)} MiB  ${name}\n`,
    );
  }
}
process.stdout.write(`sampled allocations: ${(total / 1048576).toFixed(1)} MiB\n`);
print('by allocating function', bySelf);
print('by nearest project frame (the project code that caused it)', byProjectFrame);
