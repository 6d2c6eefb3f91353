/**
 * Cost of the citation core against its peers, on the same chunk sequences, in one process:
 *   (a) the whole citation pipeline: parser + ledger + event objects, through the RxJS operator;
 *   (b) bare @streamparser/json extracting the same paths ($.paragraphs.*);
 *   (c) re-parsing the accumulated buffer on every chunk, as popular SDKs do (`parsePartialJson` of `ai`);
 *   (d) `JSON.parse` once on the whole text: the floor.
 * (a) runs without the support check, as the parse-and-cite cost; (a') is the same pipeline with the default
 * support check on (policy "flag") over sources that hold the answer's words, so that every paragraph is really
 * checked. `supportCheckP99Ms` is the 99th percentile of the check's time per paragraph over each paragraph's
 * fastest of five timings; `supportCheckP99SingleMs` the same with each paragraph timed once (see supportCheckP99);
 * `supportCheckInPipelineMs` the mean time the check adds to a paragraph inside the pipeline, (a') − (a).
 * Prints MB/s and µs per chunk, then one JSON line with the ratios. Run: `npm run bench:citation`.
 */
import { JSONParser } from '@streamparser/json';
import { parsePartialJson } from 'ai';
import { from } from 'rxjs';
import { citationStream, type CitationCatalog } from '../src/citation/index.js';
import { ClaimSupportVerifier } from '../src/citation/support/claim-verifier.js';
import { sourceText } from '../src/citation/support/support-judge.js';
import { catalog, chunk, KIB, makeAnswer } from './citation-inputs.js';

const verifier = new ClaimSupportVerifier();

function runPipeline(chunks: readonly string[], sources: CitationCatalog, checked = false): number {
  let events = 0;
  from(chunks)
    .pipe(citationStream(sources, checked ? { checks: { policy: 'flag', verifier } } : {}))
    .subscribe(() => events++);
  return events;
}

/** Fed from the same kind of source as the pipeline: an Observable of the model's chunks. */
function runBare(chunks: readonly string[]): number {
  const parser = new JSONParser({ paths: ['$.paragraphs.*'], keepStack: false });
  let values = 0;
  parser.onValue = () => values++;
  from(chunks).subscribe((piece) => parser.write(piece));
  return values;
}

/** (b) again, fed the bytes the way the pipeline feeds its tokenizer: to show the pipeline's own overhead. */
function runBareOnBuffers(chunks: readonly string[]): number {
  const parser = new JSONParser({ paths: ['$.paragraphs.*'], keepStack: false });
  let values = 0;
  parser.onValue = () => values++;
  from(chunks).subscribe((piece) => parser.write(Buffer.from(piece, 'utf8')));
  return values;
}

function paragraphCount(text: string): number {
  return (JSON.parse(text) as { paragraphs: unknown[] }).paragraphs.length;
}

function runFloor(text: string): number {
  return (JSON.parse(text) as { paragraphs: unknown[] }).paragraphs.length;
}

/**
 * The support check's time per paragraph of `text`, two ways, each the 99th percentile over the paragraphs:
 *   - `single`: each paragraph timed once, in answer order, by a fresh verifier that has read the offered sources
 *     when the answer started (as the pipeline's judge does while the model thinks). This is the figure a reader
 *     waits for.
 *   - `minOf5`: each paragraph timed five more times, keeping its fastest time: the check's own cost, without the
 *     pauses a shared machine adds (a single timing of a tenth of a millisecond is often the length of a pause
 *     for another process, not of the check).
 */
function supportCheckP99(text: string, sources: CitationCatalog): { single: number; minOf5: number; max: number } {
  const paragraphs = (JSON.parse(text) as { paragraphs: { text: string; citationIds: string[] }[] }).paragraphs;
  const cited = paragraphs.map((paragraph) => ({
    text: paragraph.text,
    sources: paragraph.citationIds.map((citationId) => ({ citationId, text: sourceText(sources.get(citationId)!) })),
  }));
  // The code is compiled on another verifier first: the first paragraphs must not be timed while it compiles.
  const warm = new ClaimSupportVerifier();
  for (let round = 0; round < 3; round++) for (const paragraph of cited) warm.check(paragraph.text, paragraph.sources);
  const checker = new ClaimSupportVerifier();
  // As in a stream: the sources are read when the answer starts, before the model writes its first paragraph.
  checker.prepare(sources.entries.map(sourceText));
  const time = (paragraph: (typeof cited)[number]): number => {
    const start = process.hrtime.bigint();
    checker.check(paragraph.text, paragraph.sources);
    return Number(process.hrtime.bigint() - start) / 1e6;
  };
  const single = cited.map(time);
  const fastest = single.map(() => Infinity);
  for (let round = 0; round < 5; round++) {
    cited.forEach((paragraph, i) => {
      fastest[i] = Math.min(fastest[i]!, time(paragraph));
    });
  }
  const p99 = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.99)]!;
  return { single: p99(single), minOf5: p99(fastest), max: Math.max(...single) };
}

/**
 * Median wall time in ms of each contestant over `runs` rounds. The contestants run interleaved, round after
 * round, so that a slow stretch of a shared machine hits all of them alike. No collection is forced between
 * runs: a forced full collection shrinks the young generation and makes the next run pay for regrowing it.
 */
function measure(runs: number, contestants: Record<string, () => unknown>): Record<string, number> {
  const times: Record<string, number[]> = {};
  const names = Object.keys(contestants);
  for (let round = 0; round < runs; round++) {
    for (const name of names) {
      const start = process.hrtime.bigint();
      contestants[name]!();
      (times[name] ??= []).push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  }
  return Object.fromEntries(
    names.map((name) => {
      const sorted = times[name]!.sort((a, b) => a - b);
      return [name, sorted[Math.floor(sorted.length / 2)]!];
    }),
  );
}

/** Re-parse per chunk; when a full run would be long, time an even sample of the chunks and scale up. */
async function measurePeer(chunks: readonly string[], maxCalls: number): Promise<{ ms: number; sampled: number }> {
  const prefixes: string[] = [];
  let buffer = '';
  for (const piece of chunks) {
    buffer += piece;
    prefixes.push(buffer);
  }
  const step = Math.max(1, Math.ceil(chunks.length / maxCalls));
  const sample = prefixes.filter((_, i) => i % step === 0);
  for (const text of sample.slice(0, 5)) await parsePartialJson(text);
  const start = process.hrtime.bigint();
  for (const text of sample) await parsePartialJson(text);
  const sampledMs = Number(process.hrtime.bigint() - start) / 1e6;
  return { ms: (sampledMs / sample.length) * chunks.length, sampled: sample.length };
}

interface Row {
  name: string;
  ms: number;
  bytes: number;
  chunks: number;
  note?: string;
}

function print(row: Row): void {
  const mbps = row.bytes / (1024 * 1024) / (row.ms / 1000);
  const perChunk = (row.ms * 1000) / row.chunks;
  process.stdout.write(
    `${row.name.padEnd(44)} ${row.ms.toFixed(2).padStart(11)} ms ${mbps.toFixed(2).padStart(10)} MB/s ` +
      `${perChunk.toFixed(3).padStart(10)} µs/chunk${row.note ? `  (${row.note})` : ''}\n`,
  );
}

async function main(): Promise<void> {
  const sources = catalog();
  const results: Record<string, Record<'a' | 'a2' | 'b' | 'b2' | 'c' | 'd', number>> = {};
  const inputs = [
    { label: '200k', text: makeAnswer(200 * KIB) },
    { label: '2m', text: makeAnswer(2048 * KIB) },
  ].map((input) => ({ ...input, chunks: chunk(input.text, 7) }));
  // Warm up every contestant on every input first, so that no size is measured while code is still compiling.
  for (const { chunks } of inputs) {
    for (let i = 0; i < 3; i++) {
      runPipeline(chunks, sources);
      runPipeline(chunks, sources, true);
      runBare(chunks);
      runBareOnBuffers(chunks);
    }
  }
  for (const { label, text, chunks } of inputs) {
    const bytes = Buffer.byteLength(text);
    process.stdout.write(`\n${label}: ${bytes} bytes, ${chunks.length} chunks of 4–16 characters\n`);
    const { a, a2, b, b2, d } = measure(label === '200k' ? 101 : 25, {
      a: () => runPipeline(chunks, sources),
      a2: () => runPipeline(chunks, sources, true),
      b: () => runBare(chunks),
      b2: () => runBareOnBuffers(chunks),
      d: () => runFloor(text),
    }) as Record<'a' | 'a2' | 'b' | 'b2' | 'd', number>;
    const peer = await measurePeer(chunks, label === '200k' ? 400 : 100);
    print({ name: '(a) citation pipeline', ms: a, bytes, chunks: chunks.length });
    print({ name: "(a') the same with the support check", ms: a2, bytes, chunks: chunks.length });
    print({ name: '(b) bare @streamparser/json ($.paragraphs.*)', ms: b, bytes, chunks: chunks.length });
    print({
      name: "(b') the same, fed pooled UTF-8 buffers",
      ms: b2,
      bytes,
      chunks: chunks.length,
      note: `the pipeline's own cost over the tokenizer: a/b' = ${(a / b2).toFixed(3)}`,
    });
    const note = `estimated from ${peer.sampled} of ${chunks.length} chunks, evenly spaced; a full run would take ~${(peer.ms / 1000).toFixed(0)} s`;
    print({ name: '(c) parsePartialJson per chunk (ai)', ms: peer.ms, bytes, chunks: chunks.length, note });
    print({ name: '(d) JSON.parse once', ms: d, bytes, chunks: chunks.length });
    results[label] = { a, a2, b, b2, c: peer.ms, d };
  }
  const small = results['200k']!;
  const large = results['2m']!;
  const round = (value: number) => Math.round(value * 1000) / 1000;
  const mbps = (ms: number, bytes: number) => bytes / (1024 * 1024) / (ms / 1000);
  const largeBytes = Buffer.byteLength(inputs[1]!.text);
  const check = supportCheckP99(inputs[0]!.text, sources);
  const summary = {
    pipelineMBps: round(mbps(large.a, largeBytes)),
    bareMBps: round(mbps(large.b, largeBytes)),
    pipelineOverBare: round(large.a / large.b),
    checkedPipelineOverBare: round(large.a2 / large.b),
    peerOverPipeline200k: round(small.c / small.a),
    growth: round(large.a / small.a),
    pipelineOverFloor: round(large.a / large.d),
    pipelineOverBareOnBuffers: round(large.a / large.b2),
    pipelineOverBare200k: round(small.a / small.b),
    supportCheckP99Ms: round(check.minOf5),
    supportCheckP99SingleMs: round(check.single),
    // What the check really adds to a paragraph in the stream, among the parser's work (medians, 2 MiB answer).
    supportCheckInPipelineMs: round((large.a2 - large.a) / paragraphCount(inputs[1]!.text)),
    supportCheckMaxMs: round(check.max),
  };
  process.stdout.write(`\n${JSON.stringify(summary)}\n`);
}

await main();
