/**
 * Where a V8 CPU profile's time went, in the categories the SSE benchmark's figures are discussed in. Each
 * sample is charged to the nearest frame of the project's own code on its stack (so a TypeORM query issued by
 * the token store counts as authentication), else to the nearest library frame, else to Node's internals.
 * Run: `node dist-bench/bench/cpu-profile-summary.js <file.cpuprofile>` (profiles come from
 * `BENCH_SERVER_PROFILE=<dir> npm run bench:sse`).
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The first rule whose pattern is in a frame's url (or name, for V8's pseudo-frames) names its category. */
const PROJECT: [RegExp, string][] = [
  [/\/src\/accounts\//, 'authentication'],
  [/\/src\/conversations\//, 'conversation look-ups'],
  [/\/src\/knowledge\/knowledge(\.repository|-access)/, 'knowledge-base look-ups'],
  [/\/src\/answer\/(ask-limits|answer-admission)/, 'limits'],
  [/\/src\/(knowledge\/(pg-retrieval|graph\.repository)|text\/terms)/, 'retrieval'],
  [/\/src\/model\//, 'model request and decoding (src/model)'],
  [/\/src\/citation\/|\/src\/answer\/answer-events/, 'citation parsing'],
  [/\/src\/answer\/(answer-journal|journal-flusher|answer-spill|live-answers)/, 'answer journal (storage)'],
  [
    /\/src\/platform\/sse\/|\/src\/answer\/(answer-frames|answer-session|shown-log|sent-paragraphs)/,
    'SSE framing and writes',
  ],
  [/\/src\/answer\/(ask|answer-engine|stages\/)|\/src\/platform\/common\//, 'ask orchestration'],
  [/\/bench\/(?!statement-count)/, 'bench routes'],
  [/\/src\//, 'other project code'],
];
const LIBRARIES: [RegExp, string][] = [
  [/node_modules\/openai\//, 'openai package decoding'],
  [/node_modules\/(ai|@ai-sdk)\//, 'AI SDK'],
  [/node_modules\/@streamparser\//, 'citation parsing'],
  [/node_modules\/typeorm\//, 'TypeORM (unattributed)'],
  [/node_modules\/(pg|pg-protocol|pg-types|pgpass)\//, 'pg driver (unattributed)'],
  [/node_modules\/rxjs\//, 'RxJS (unattributed)'],
  [
    /node_modules\/(@nestjs|express|router|body-parser|raw-body|finalhandler|send|qs|on-finished)\//,
    'Nest and Express',
  ],
  [/node_modules\//, 'other libraries'],
  [/^node:internal\/(streams|stream_base|net|http|_http)|^node:(net|http|_http)/, 'Node streams, sockets, HTTP'],
  [/^node:|^internal\//, 'Node internals (timers, promises, …)'],
];

function categoryOf(stack: ProfileNode[]): string {
  const leaf = stack[0]!.callFrame;
  if (leaf.functionName === '(garbage collector)') return 'garbage collection';
  if (leaf.functionName === '(idle)') return 'idle';
  if (leaf.functionName === '(program)') return 'V8 and native (program)';
  for (const frame of stack) {
    for (const [pattern, name] of PROJECT) if (pattern.test(frame.callFrame.url)) return name;
  }
  for (const frame of stack) {
    for (const [pattern, name] of LIBRARIES) if (pattern.test(frame.callFrame.url)) return name;
  }
  return leaf.url === '' ? `native: ${leaf.functionName || '(anonymous)'}` : 'other';
}

const file = process.argv[2];
if (!file) throw new Error('usage: cpu-profile-summary <file.cpuprofile>');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, ProfileNode>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node);

const totals = new Map<string, number>();
const categoryCache = new Map<number, string>();
let all = 0;
profile.samples.forEach((id, i) => {
  const micros = profile.timeDeltas[i] ?? 0;
  let category = categoryCache.get(id);
  if (category === undefined) {
    const stack: ProfileNode[] = [];
    for (let node = byId.get(id); node; node = parent.get(node.id)) stack.push(node);
    category = categoryOf(stack);
    categoryCache.set(id, category);
  }
  totals.set(category, (totals.get(category) ?? 0) + micros);
  all += micros;
});
const busy = all - (totals.get('idle') ?? 0);
process.stdout.write(`busy ${(busy / 1e6).toFixed(2)} s of ${(all / 1e6).toFixed(2)} s sampled\n`);
for (const [category, micros] of [...totals].sort((a, b) => b[1] - a[1])) {
  if (category === 'idle') continue;
  process.stdout.write(
    `${category.padEnd(44)}${(micros / 1e6).toFixed(2).padStart(8)} s  ${((100 * micros) / busy).toFixed(1).padStart(5)} %\n`,
  );
}
