/**
 * Load benchmark of the ask endpoint against what it competes with, bounded and on loopback only. This process
 * runs a fake model server (OpenAI streaming wire format, 20 tokens a second per stream) and the clients; the
 * application runs in a child process of its own, so that its CPU time can be read apart. Four routes of that
 * one process are driven in turn, interleaved, under the same load:
 *   (a) the ask endpoint (authentication, look-ups, limits, retrieval, citations, storage);
 *   (b) a relay written with the `openai` package: each text delta sent on as an SSE event;
 *   (c) a raw relay forwarding the model's bytes without parsing them (the floor);
 *   (d) a peer built as the Vercel AI SDK documents it: `streamObject` with `elementStream`.
 * Two answers: short (4 paragraphs, about 1 KB), streamed whole; long (64 paragraphs, about 32 KB, 400 s at
 * 20 tokens a second), measured over a window: each stream starts at its own point of the answer (the part
 * before it arrives in one first chunk, outside the window), so that the window sees streams at every length
 * of accumulated answer, as a whole run would, at a fraction of its time.
 * Figures per route, answer and load (100, 300, 500 streams): server CPU µs per streamed token, RSS per open
 * stream, and the delay from a paragraph's closing brace leaving the fake model to the client receiving that
 * paragraph (its `[CITATION_PARAGRAPH]` event for (a) and (d), the brace itself for the relays), p50 and p99,
 * and the time from a request leaving the client to the route calling the model (a question's own steps).
 * Before the phases: the per-question steps one at a time (question-steps.ts), then whole questions asked in turn
 * with the answer in one chunk, with the statements each sends (`BENCH_WHOLE_ONLY=1` stops there).
 * Then the RSS growth of the server while three clients that never read each ask for an 8 MiB answer.
 * Run: `npm run bench:sse` (`BENCH_QUICK=1` for a short run while developing). The last line is one JSON object.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { benchDatabase } from './bench-database.js';
import { cpuBetween, cpuReadings, databaseProcesses } from './database-cpu.js';
import type { StepCost } from './question-steps.js';
import { statementsBetween } from './statement-count.js';
import { answerTokens, HUGE, LONG, PROFILES, SHORT, ParagraphCloseScanner, type AnswerProfile } from './sse-answers.js';

const QUICK = process.env.BENCH_QUICK === '1';
const LOADS = process.env.BENCH_LOADS?.split(',').map(Number) ?? (QUICK ? [50] : [100, 300, 500]);
/**
 * How many rounds each load's phases run (`BENCH_ROUNDS`, 3 unless set; 1 with `BENCH_QUICK=1`); the route's median
 * phase is the one its figures come from.
 */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? (QUICK ? 1 : 3)));
/** The fake model's timer: each stream's tokens go out within a millisecond of their due time. */
const TICK_MS = 1;
/** How long the long answer is measured, once every stream is open and has had its first chunk. */
const WINDOW_MS = QUICK ? 4000 : 5000;
/** A short-answer phase that has not ended by then is cut: its figures then say so. */
const PHASE_CAP_MS = 30_000;
const NON_READING_CLIENTS = 3;
/** `BENCH_DIAG=1`: the server reports its event loop's delays and long collections, and each short-answer phase its delays by paragraph. */
const DIAG = process.env.BENCH_DIAG === '1';
let delaysByParagraph: number[][] = [];
/** With `BENCH_DIAG=1`: per second of a short-answer phase, the delays of the paragraphs received in it. */
let delaysBySecond: number[][] = [];
let phaseBegan = 0;

type Framing = 'events' | 'relay' | 'raw';
interface Route {
  label: string;
  path: string;
  framing: Framing;
  /** The name of the answer's array in the model's JSON. */
  key: 'paragraphs' | 'elements';
}
const ENDPOINT: Route = {
  label: '(a) endpoint',
  path: '/conversation/message/process',
  framing: 'events',
  key: 'paragraphs',
};
const RELAY: Route = { label: '(b) openai relay', path: '/bench/relay', framing: 'relay', key: 'paragraphs' };
const FLOOR: Route = { label: '(c) raw relay', path: '/bench/raw', framing: 'raw', key: 'paragraphs' };
const PEER: Route = { label: '(d) AI SDK peer', path: '/bench/peer', framing: 'events', key: 'elements' };
/** `BENCH_HELD_ONLY=1` skips the timed phases: only the memory each stream holds is measured. */
const HELD_ONLY = process.env.BENCH_HELD_ONLY === '1';
/** `BENCH_ROUTES=a` (or `a,c`, …) drives only those routes, e.g. to profile the endpoint alone. */
const ROUTES = [ENDPOINT, RELAY, FLOOR, PEER].filter((route) =>
  (process.env.BENCH_ROUTES ?? 'a,b,c,d').split(',').includes(route.label[1]!),
);
/** `BENCH_ANSWERS=short` (or `long`) times only that answer, e.g. to profile one of them. */
const ANSWERS = [SHORT, LONG].filter((profile) =>
  (process.env.BENCH_ANSWERS ?? 'short,long').split(',').includes(profile.name),
);

interface Upstream {
  tokens: string[];
  closesParagraph: (number | undefined)[];
  started: number;
  /** The index of the token the timer sends first: where this stream's paced part of the answer starts. */
  first: number;
  next: number;
  tokensPerSecond: number;
  response: ServerResponse;
  streamId: number;
}

/** Per stream: when each paragraph's closing brace left the fake model (paced tokens only). */
const braceSentAt = new Map<number, number[]>();
const upstreams = new Set<Upstream>();
/** Paced tokens the fake model has sent, over all streams: the denominator of CPU per token. */
let tokensSent = 0;

function chunk(text: string | null, finish: string | null): string {
  const delta = text === null ? {} : { content: text };
  return `data: ${JSON.stringify({ id: 'b', object: 'chat.completion.chunk', created: 0, model: 'bench', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
}

/** One timer for every stream: each tick sends the tokens that are due. */
setInterval(() => {
  const now = performance.now();
  for (const upstream of upstreams) {
    const due = Math.min(
      upstream.tokens.length,
      upstream.first + Math.floor(((now - upstream.started) * upstream.tokensPerSecond) / 1000) + 1,
    );
    let out = '';
    const closed: number[] = [];
    for (; upstream.next < due; upstream.next++) {
      out += chunk(upstream.tokens[upstream.next]!, null);
      tokensSent++;
      const paragraph = upstream.closesParagraph[upstream.next];
      if (paragraph !== undefined) closed.push(paragraph);
    }
    if (out) upstream.response.write(out);
    const sentAt = braceSentAt.get(upstream.streamId);
    for (const paragraph of closed) if (sentAt) sentAt[paragraph] = performance.now();
    if (upstream.next >= upstream.tokens.length) {
      upstream.response.end(`${chunk(null, 'stop')}data: [DONE]\n\n`);
      upstreams.delete(upstream);
    }
  }
}, TICK_MS).unref();

/** Per stream not yet at the model: what to call when its model request arrives. */
const modelCalled = new Map<number, () => void>();

/** The request says which stream it is, which answer, the array's name, and where the paced part starts. */
const REQUEST_MARKS = /bench-stream-(\d+) profile-(\w+) key-(\w+) start-([\d.]+)/;

const fakeModel = createServer((request, response) => {
  let raw = '';
  request.on('data', (data: Buffer) => (raw += data.toString()));
  request.on('end', () => {
    const [, id, profileName, key, start] = REQUEST_MARKS.exec(raw) ?? [];
    const streamId = Number(id ?? -1);
    modelCalled.get(streamId)?.();
    const profile = PROFILES[(profileName ?? 'short') as keyof typeof PROFILES] ?? SHORT;
    const { tokens, closesParagraph } = answerTokens(profile, streamId, key === 'elements' ? 'elements' : 'paragraphs');
    response.writeHead(200, { 'Content-Type': 'text/event-stream' });
    const first = Math.floor(Number(start ?? 0) * tokens.length);
    // The part before this stream's starting point goes in one chunk, before the paced tokens.
    if (first > 0) response.write(chunk(tokens.slice(0, first).join(''), null));
    const upstream: Upstream = {
      tokens,
      closesParagraph,
      started: performance.now(),
      first,
      next: first,
      tokensPerSecond: profile.tokensPerSecond,
      response,
      streamId,
    };
    upstreams.add(upstream);
    response.on('close', () => upstreams.delete(upstream));
  });
});

async function startServer(modelUrl: string, databaseUrl: string): Promise<{ url: string; child: ChildProcess }> {
  // `BENCH_SERVER_FLAGS` adds Node or V8 flags to the server, e.g. `--trace-gc` or a larger young generation.
  const flags = process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, ['--expose-gc', ...flags, 'dist-bench/bench/sse-server.js'], {
    env: {
      ...process.env,
      OPENAI_BASE_URL: modelUrl,
      DATABASE_URL: databaseUrl,
      ASK_RATE_LIMIT_PER_MINUTE: '1000000',
      OPENAI_MAX_RETRIES: '0',
      LOG_LEVEL: 'error',
      SSE_HEARTBEAT_MS: '15000',
      ASK_REPAIR_RETRY: 'false',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  serverPid = child.pid ?? 0;
  if (DIAG) watchRunQueue();
  return new Promise((resolve, reject) => {
    // Whatever the server prints after READY (a flag's tracing) goes on to stderr, so its pipe never fills.
    let ready = false;
    lines.on('line', (line) => {
      if (ready) process.stderr.write(`${line}\n`);
      else if (line.startsWith('READY ')) {
        ready = true;
        resolve({ url: line.slice(6), child });
      }
    });
    lines.on('close', () => {
      if (!ready) reject(new Error('the benchmark server did not start'));
    });
  });
}

let serverPid = 0;

/**
 * With `BENCH_DIAG=1`, once a second: how long the server's main thread ran and how long it was ready but
 * waited for a core (from /proc/<pid>/schedstat), and the CPU time PostgreSQL and this process (the model and
 * the clients) took meanwhile: what the server shares the machine's cores with.
 */
function watchRunQueue(): void {
  const file = `/proc/${serverPid}/schedstat`;
  const read = () => {
    const [ran = 0, waited = 0] = readFileSync(file, 'utf8').split(' ').map(Number);
    const own = process.cpuUsage();
    return {
      ran: ran / 1000,
      waited: waited / 1000,
      database: cpuReadings(databaseProcesses()),
      own: own.user + own.system,
    };
  };
  let last: ReturnType<typeof read>;
  try {
    last = read();
  } catch {
    return; // no /proc here
  }
  const timer = setInterval(() => {
    let now: ReturnType<typeof read>;
    try {
      now = read();
    } catch {
      return clearInterval(timer); // the server has ended
    }
    const ms = (micros: number) => (micros / 1000).toFixed(0);
    // Only while a phase runs: an idle second says nothing.
    if (now.ran - last.ran > 200_000) {
      process.stderr.write(
        `server main thread: ran ${ms(now.ran - last.ran)} ms, waited for a core ${ms(now.waited - last.waited)} ms; ` +
          `PostgreSQL ${ms(cpuBetween(last.database, now.database))} ms, model and clients ${ms(now.own - last.own)} ms of CPU\n`,
      );
    }
    last = now;
  }, 1000);
  timer.unref();
}

const CLOCK_TICKS_PER_SECOND = 100;

/**
 * The server's CPU time and RSS, read from /proc where there is one: at once, even while the server is too busy
 * to answer a request (a saturated route would otherwise stretch its own window). `gc` collects first, over HTTP.
 */
async function usage(url: string, gc = false): Promise<{ cpuMicros: number; rss: number }> {
  if (gc || !existsSync(`/proc/${serverPid}/stat`)) {
    const probe = (await (await fetch(`${url}/bench/usage${gc ? '?gc=1' : ''}`)).json()) as {
      cpuMicros: number;
      rss: number;
    };
    if (!existsSync(`/proc/${serverPid}/stat`)) return probe;
  }
  // Fields 14 and 15 of /proc/<pid>/stat (after the parenthesised name) are user and system time in clock ticks.
  const stat = readFileSync(`/proc/${serverPid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const rssKiB = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${serverPid}/status`, 'utf8'))?.[1] ?? 0);
  return { cpuMicros: (ticks * 1e6) / CLOCK_TICKS_PER_SECOND, rss: rssKiB * 1024 };
}

/**
 * The CPU time of the server's main thread alone, in µs (from /proc/<pid>/task/<pid>/schedstat): the process's
 * figure less V8's compiler and collector threads. Undefined where there is no /proc.
 */
function mainThreadCpuMicros(): number | undefined {
  try {
    return Number(readFileSync(`/proc/${serverPid}/task/${serverPid}/schedstat`, 'utf8').split(' ')[0]) / 1000;
  } catch {
    return undefined;
  }
}

/** Waits until the server has worked off what a phase left it (at most 10 s): less than 10% of a core for 0.5 s. */
async function settle(url: string): Promise<void> {
  for (let waited = 0; waited < 10_000; waited += 500) {
    const start = await usage(url);
    await sleep(500);
    if ((await usage(url)).cpuMicros - start.cpuMicros < 50_000) return;
  }
}

/**
 * Waits until the streams of a long-answer phase are in their steady state: each stream's first chunk carries
 * the answer up to its starting point (up to 32 KiB), and a route that parses it (the endpoint, the peer) works
 * that backlog off for a while. The window starts once two half-second slices cost the server about the same
 * CPU (within 15%), at least 2 s and at most 20 s after the streams opened: what it measures is then the cost
 * of streaming, not of catching up. A server that never catches up is reported as saturated.
 */
async function steady(url: string): Promise<void> {
  await sleep(2000);
  let last = await usage(url);
  let previousSlice = Infinity;
  for (let waited = 2000; waited < 20_000; waited += 500) {
    await sleep(500);
    const now = await usage(url);
    const slice = now.cpuMicros - last.cpuMicros;
    last = now;
    if (Math.abs(slice - previousSlice) <= 0.15 * Math.max(slice, previousSlice)) return;
    previousSlice = slice;
  }
}

interface BenchUser {
  token: string;
  conversationUuid: string;
}
let benchUsers: BenchUser[] = [];
let nextStreamId = 0;

// The endpoint numbers its events (`id:N`); the peer does not.
const PARAGRAPH_EVENT = /event:\[CITATION_PARAGRAPH\]\n(?:id:\d+\n)?data:\{"paragraphIndex":(\d+)/g;

interface OpenStream {
  done: Promise<number[]>;
  /** Milliseconds from the request leaving the client to the route calling the model (undefined: it never did). */
  toModel: () => number | undefined;
  /** Settles when the route has called the model for this stream, its question's own steps done (or it ended). */
  streaming: Promise<void>;
  abort(): void;
}

/**
 * One client stream over a plain HTTP request; `done` resolves with its paragraph delays when the server ends it
 * or it is aborted. It scans the raw stream rather than running a full SSE parser: this process also plays the
 * model, and every microsecond it spends here would show up as delay in the figures.
 */
function openStream(url: string, route: Route, profile: AnswerProfile, start: number): OpenStream {
  const streamId = nextStreamId++;
  braceSentAt.set(streamId, []);
  const user = benchUsers[streamId % benchUsers.length]!;
  const body = JSON.stringify({
    conversationUuid: user.conversationUuid,
    prompt: `bench-stream-${streamId} profile-${profile.name} key-${route.key} start-${start.toFixed(4)} how are retrieval chunks cited?`,
  });
  const delays: number[] = [];
  let finish: () => void = () => undefined;
  let started: () => void = () => undefined;
  const streaming = new Promise<void>((resolve) => (started = resolve));
  const requestedAt = performance.now();
  let modelCalledAfter: number | undefined;
  modelCalled.set(streamId, () => {
    modelCalledAfter = performance.now() - requestedAt;
    started();
  });
  const done = new Promise<number[]>((resolve) => {
    finish = () => {
      braceSentAt.delete(streamId);
      modelCalled.delete(streamId);
      started();
      resolve(delays);
    };
  });
  const record = (paragraph: number, now: number) => {
    const sentAt = braceSentAt.get(streamId)?.[paragraph];
    if (sentAt === undefined) return;
    delays.push(now - sentAt);
    if (DIAG) {
      (delaysByParagraph[paragraph] ??= []).push(now - sentAt);
      (delaysBySecond[Math.floor((now - phaseBegan) / 1000)] ??= []).push(now - sentAt);
    }
  };
  const scanner = new ParagraphCloseScanner();
  let carry = '';
  const req = httpRequest(
    `${url}${route.path}`,
    {
      method: 'POST',
      // The endpoint sends citation events only to clients that ask for them.
      headers: { 'Content-Type': 'application/json', Authorization: user.token, 'X-Citation-Events': 'paragraph' },
      agent: false,
    },
    (res) => {
      res.setEncoding('utf8');
      res.on('data', (text: string) => {
        const now = performance.now();
        if (route.framing === 'events') {
          // An event split across reads is matched once it is whole: keep the unfinished tail.
          const window = carry + text;
          let consumed = 0;
          for (const match of window.matchAll(PARAGRAPH_EVENT)) {
            record(Number(match[1]), now);
            consumed = match.index + match[0].length;
          }
          carry = window.slice(Math.max(consumed, window.length - 80));
          return;
        }
        // The relays pass the model's text on: the paragraph is there when its closing brace arrives.
        const lines = (carry + text).split('\n');
        carry = lines.pop()!;
        for (const line of lines) {
          if (!line.startsWith('data:')) continue;
          let token = line.slice(5);
          if (route.framing === 'raw') {
            if (token.trim() === '[DONE]') continue;
            token =
              (JSON.parse(token) as { choices: { delta: { content?: string } }[] }).choices[0]?.delta.content ?? '';
          }
          for (const paragraph of scanner.feed(token)) record(paragraph, now);
        }
      });
      res.on('end', finish);
      res.on('error', finish);
      res.on('close', finish);
    },
  );
  req.on('error', finish);
  req.end(body);
  return { done, streaming, toModel: () => modelCalledAfter, abort: () => req.destroy() };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface PhaseResult {
  cpuPerToken: number;
  tokens: number;
  cpuMicros: number;
  /** The server's main thread alone: the process's CPU less V8's compiler and collector threads. */
  mainThreadCpuPerToken: number;
  rssPerStream: number;
  p50: number;
  p99: number;
  paragraphs: number;
  /** Request to model call, p50 and p99: what a question's own steps, and any wait for them, took. */
  toModelP50: number;
  toModelP99: number;
  cut: boolean;
  /** The server used a whole core through the window: tokens were sent faster than it could take them. */
  saturated: boolean;
}

/**
 * How the streams of a phase arrive over its first second. `spread`: one after another, evenly, as independent
 * users do; each stream's tokens then come at its own moments. `lockstep`: 50 in the same millisecond, then a
 * pause: the fake model paces each stream from its start, so 50 to 100 streams get their tokens in the same
 * tick, as when one inference server steps every sequence of its batch at once. The server then works through
 * a burst per tick, and the last stream of a burst waits for all the others (streams × CPU per token).
 */
type Arrivals = 'spread' | 'lockstep';

async function openAll(
  url: string,
  route: Route,
  profile: AnswerProfile,
  streams: number,
  windowed: boolean,
  arrivals: Arrivals,
) {
  const opened: OpenStream[] = [];
  const began = performance.now();
  for (let i = 0; i < streams; i++) {
    // Spread the starting points evenly over the answer, in an order that does not follow the opening order.
    const start = windowed ? ((i * 0.6180339887) % 1) * 0.98 : 0;
    opened.push(openStream(url, route, profile, start));
    if (arrivals === 'lockstep') {
      if (i % 50 === 49) await sleep(1000 / Math.ceil(streams / 50));
    } else {
      const next = began + ((i + 1) * 1000) / streams;
      if (next > performance.now()) await sleep(next - performance.now());
    }
  }
  return opened;
}

async function phase(
  url: string,
  route: Route,
  profile: AnswerProfile,
  streams: number,
  arrivals: Arrivals = 'spread',
): Promise<PhaseResult> {
  const windowed = profile === LONG;
  delaysByParagraph = [];
  delaysBySecond = [];
  const base = await usage(url, true);
  phaseBegan = performance.now();
  if (DIAG) process.stderr.write(`${route.label}: phase begins\n`);
  // RSS is sampled through the phase and its peak kept: a single reading may fall just after a collection.
  let peakRss = base.rss;
  const sampler = setInterval(() => {
    void usage(url).then(({ rss }) => (peakRss = Math.max(peakRss, rss)));
  }, 500);
  let before = base;
  let mainBefore = mainThreadCpuMicros() ?? 0;
  let tokensBefore = tokensSent;
  const opened = await openAll(url, route, profile, streams, windowed, arrivals);
  let cut = false;
  let during: { cpuMicros: number; rss: number };
  let after: { cpuMicros: number; rss: number };
  let tokens: number;
  let saturated = false;
  if (windowed) {
    // The window measures streaming, not the questions' own steps: it opens once every stream has started.
    await Promise.race([Promise.all(opened.map((stream) => stream.streaming)), sleep(PHASE_CAP_MS)]);
    await steady(url);
    before = await usage(url);
    mainBefore = mainThreadCpuMicros() ?? 0;
    tokensBefore = tokensSent;
    await sleep(WINDOW_MS);
    after = await usage(url);
    saturated = after.cpuMicros - before.cpuMicros > 0.95 * WINDOW_MS * 1000;
    during = after;
    tokens = tokensSent - tokensBefore;
    for (const stream of opened) stream.abort();
  } else {
    await sleep(1500);
    during = await usage(url);
    const capped = await Promise.race([
      Promise.all(opened.map((stream) => stream.done)).then(() => false),
      sleep(PHASE_CAP_MS).then(() => true),
    ]);
    if (capped) {
      cut = true;
      for (const stream of opened) stream.abort();
    }
    after = await usage(url);
    tokens = tokensSent - tokensBefore;
  }
  const mainAfter = mainThreadCpuMicros() ?? 0;
  clearInterval(sampler);
  const delays = (await Promise.all(opened.map((stream) => stream.done))).flat().sort((a, b) => a - b);
  const toModel = opened
    .map((stream) => stream.toModel())
    .filter((ms) => ms !== undefined)
    .sort((a, b) => a - b);
  if (DIAG && !windowed) reportByParagraph(route);
  await settle(url); // aborted answers and any backlog are worked off before the next phase
  return {
    cpuPerToken: (after.cpuMicros - before.cpuMicros) / Math.max(1, tokens),
    cpuMicros: after.cpuMicros - before.cpuMicros,
    mainThreadCpuPerToken: (mainAfter - mainBefore) / Math.max(1, tokens),
    tokens,
    rssPerStream: (Math.max(peakRss, during.rss) - base.rss) / streams,
    p50: delays[Math.floor(delays.length * 0.5)] ?? NaN,
    p99: delays[Math.floor(delays.length * 0.99)] ?? NaN,
    paragraphs: delays.length,
    toModelP50: toModel[Math.floor(toModel.length * 0.5)] ?? NaN,
    toModelP99: toModel[Math.floor(toModel.length * 0.99)] ?? NaN,
    cut,
    saturated,
  };
}

function reportByParagraph(route: Route): void {
  for (const [paragraph, list] of delaysByParagraph.entries()) {
    // Phases run side by side (the warm-up) share the list and may leave holes in it.
    if (!list) continue;
    const sorted = list.sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.floor(sorted.length * q)]!.toFixed(1);
    process.stderr.write(
      `${route.label} paragraph ${paragraph}: p50 ${at(0.5)} p90 ${at(0.9)} p99 ${at(0.99)} max ${sorted.at(-1)!.toFixed(1)} ms\n`,
    );
  }
  for (const [second, list] of delaysBySecond.entries()) {
    if (!list) continue;
    const sorted = list.sort((a, b) => a - b);
    const over = (ms: number) => sorted.filter((delay) => delay > ms).length;
    process.stderr.write(
      `${route.label} second ${second}: ${sorted.length} paragraphs, over 5 ms ${over(5)}, over 20 ms ${over(20)}, ` +
        `max ${sorted.at(-1)!.toFixed(1)} ms\n`,
    );
  }
  delaysByParagraph = [];
  delaysBySecond = [];
}

/** `BENCH_HEAP_SNAPSHOT=<path prefix>`: a heap snapshot of the server before the held-memory step and during each route's. */
const HEAP_SNAPSHOT = process.env.BENCH_HEAP_SNAPSHOT;

async function heapSnapshot(url: string, file: string): Promise<void> {
  await fetch(`${url}/bench/heap?file=${encodeURIComponent(file)}`);
}

/**
 * What each open stream keeps alive: the server's heap and off-heap memory after a full collection, with the
 * streams of a long answer open and all of them streaming (each from its own point of the answer, the part
 * before it sent at once), less the same before they opened, over the streams. Unlike the
 * RSS growth of a phase, this does not count the young generation the collector grows under a high allocation
 * rate (a fixed cost, up to a few tens of MiB, paid once by whichever phase comes first).
 */
async function heldPerStream(url: string, route: Route, streams: number): Promise<number> {
  const held = async () => ((await (await fetch(`${url}/bench/usage?gc=1`)).json()) as { held: number }).held;
  const before = await held();
  if (HEAP_SNAPSHOT) await heapSnapshot(url, `${HEAP_SNAPSHOT}-${route.label[1]}-before.heapsnapshot`);
  const opened = await openAll(url, route, LONG, streams, true, 'spread');
  // Counted once every stream is past its question's steps and streaming, so that each holds its answer.
  await Promise.all(opened.map((stream) => stream.streaming));
  await sleep(2000);
  const during = await held();
  // The streams keep going while the snapshot is written: it shows what they hold, not an exact count.
  if (HEAP_SNAPSHOT) await heapSnapshot(url, `${HEAP_SNAPSHOT}-${route.label[1]}-during.heapsnapshot`);
  for (const stream of opened) stream.abort();
  await Promise.all(opened.map((stream) => stream.done));
  await settle(url);
  return (during - before) / streams;
}

/**
 * Clients that send their question and then never read: how much the server's memory grows while each is sent
 * an 8 MiB answer as fast as the model produces it. Returns the peak growth in bytes over ten seconds.
 */
async function nonReadingGrowth(url: string): Promise<number> {
  const base = await usage(url, true);
  const { host, hostname, port } = new URL(url);
  const sockets = Array.from({ length: NON_READING_CLIENTS }, () => {
    const user = benchUsers[nextStreamId % benchUsers.length]!;
    const body = JSON.stringify({
      conversationUuid: user.conversationUuid,
      prompt: `bench-stream-${nextStreamId++} profile-${HUGE.name} key-paragraphs start-0 never read`,
    });
    const socket = connect({ host: hostname, port: Number(port) });
    socket.pause();
    socket.on('error', () => undefined);
    socket.write(
      `POST ${ENDPOINT.path} HTTP/1.1\r\nHost: ${host}\r\nAuthorization: ${user.token}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    return socket;
  });
  let peak = 0;
  for (let waited = 0; waited < 10_000; waited += 250) {
    await sleep(250);
    peak = Math.max(peak, (await usage(url)).rss - base.rss);
  }
  for (const socket of sockets) socket.destroy();
  await sleep(1000);
  return peak;
}

/**
 * Askers of the whole-question step, how many questions each asks in turn, and how many each asks first to warm up
 * (`BENCH_WHOLE_WARM_UP`, 5 unless set).
 */
const WHOLE_ASKERS = 20;
const WHOLE_QUESTIONS = QUICK ? 10 : 50;
const WHOLE_WARM_UP = Number(process.env.BENCH_WHOLE_WARM_UP ?? 5);

interface WholeQuestions {
  /**
   * Per question: the server's CPU (all its threads, and its main thread alone), the PostgreSQL backends', and the
   * statements sent.
   */
  cpuMicros: number;
  mainThreadCpuMicros: number;
  databaseCpuMicros: number;
  statements: number;
  /** Statements over the step, by statement. */
  byLabel: Record<string, number>;
  questions: number;
  /** Questions whose stream did not end with `[DONE]`, or held an `[ERROR]`. */
  failed: number;
}

/**
 * What a question costs the server besides streaming its tokens: {@link WHOLE_ASKERS} askers, each a bench user of
 * its own, each asking again as soon as its answer has ended; the model sends the short answer in one chunk, so
 * that the per-token path costs little and a question's own work (the request, its look-ups, limits, retrieval,
 * the journal's opening, rounds and closing, the model request) is most of what is measured.
 */
async function wholeQuestions(url: string, databaseName: string): Promise<WholeQuestions> {
  let failed = 0;
  const askers = benchUsers.slice(0, WHOLE_ASKERS);
  const askAll = (count: number) =>
    Promise.all(
      askers.map(async (user) => {
        for (let i = 0; i < count; i++) if (!(await askWhole(url, user))) failed++;
      }),
    );
  await askAll(WHOLE_WARM_UP);
  await settle(url);
  failed = 0;
  const statements = async () => (await (await fetch(`${url}/bench/statements`)).json()) as Record<string, number>;
  const database = databaseProcesses(databaseName);
  const statementsBefore = await statements();
  const databaseBefore = cpuReadings(database);
  const before = await usage(url);
  const mainBefore = mainThreadCpuMicros() ?? 0;
  // `BENCH_WHOLE_PROFILE=<file>`: a CPU profile of the server over this step alone.
  const profileFile = process.env.BENCH_WHOLE_PROFILE;
  if (profileFile) await fetch(`${url}/bench/profile?action=start`);
  await askAll(WHOLE_QUESTIONS);
  await settle(url);
  const after = await usage(url);
  const mainAfter = mainThreadCpuMicros() ?? 0;
  if (profileFile) await fetch(`${url}/bench/profile?action=stop&file=${encodeURIComponent(profileFile)}`);
  const databaseCpu = cpuBetween(databaseBefore, cpuReadings(database));
  const sent = statementsBetween(statementsBefore, await statements());
  const questions = askers.length * WHOLE_QUESTIONS;
  return {
    cpuMicros: (after.cpuMicros - before.cpuMicros) / questions,
    mainThreadCpuMicros: (mainAfter - mainBefore) / questions,
    databaseCpuMicros: databaseCpu / questions,
    statements: sent.total / questions,
    byLabel: sent.byLabel,
    questions,
    failed,
  };
}

/** One question of `user`, the short answer sent whole at once; true when it ended with `[DONE]` and no error. */
function askWhole(url: string, user: BenchUser): Promise<boolean> {
  const body = JSON.stringify({
    conversationUuid: user.conversationUuid,
    prompt: `bench-stream-${nextStreamId++} profile-${SHORT.name} key-paragraphs start-1 how are retrieval chunks cited?`,
  });
  return new Promise((resolve) => {
    const req = httpRequest(
      `${url}${ENDPOINT.path}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: user.token, 'X-Citation-Events': 'paragraph' },
        agent: false,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (data: string) => (text += data));
        res.on('end', () => resolve(text.includes('[DONE]') && !text.includes('[ERROR]')));
        res.on('error', () => resolve(false));
      },
    );
    req.on('error', () => resolve(false));
    req.end(body);
  });
}

function printPhase(route: Route, load: number, result: PhaseResult): void {
  out(
    `${route.label.padEnd(20)}${String(load).padStart(7)}  ${result.cpuPerToken.toFixed(1).padStart(12)}  ` +
      `${result.mainThreadCpuPerToken.toFixed(1).padStart(11)}  ` +
      `${(result.rssPerStream / 1024).toFixed(1).padStart(14)}  ${result.p50.toFixed(2).padStart(12)} / ${result.p99.toFixed(2).padEnd(14)}` +
      `${`(${result.paragraphs})`.padEnd(8)}  ${result.toModelP50.toFixed(1).padStart(8)} / ${result.toModelP99.toFixed(1).padEnd(8)}` +
      `${result.cut ? '  cut after 30 s' : ''}` +
      `${result.saturated ? '  saturated: a whole core, CPU per token is a floor' : ''}`,
  );
}

/** Pairs of endpoint and floor phases for each way of arriving, at the middle load (see `delayPairs`). */
const DELAY_PAIRS = Number(process.env.BENCH_DELAY_PAIRS ?? (QUICK ? 1 : 3));
if (!Number.isInteger(DELAY_PAIRS) || DELAY_PAIRS < 1) {
  throw new Error(`BENCH_DELAY_PAIRS must be a whole number of at least 1, not ${process.env.BENCH_DELAY_PAIRS}`);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

interface DelayFigures {
  /** Each pair's endpoint p99 less the floor's, in the order they ran. */
  pairs: number[];
  /** The median of `pairs`. */
  added: number;
  /** The median of the endpoint's time-to-model p99 over the pairs. */
  toModelP99: number;
}

/**
 * The endpoint's paragraph delay over the floor's, short answer at the middle load, for both ways of arriving (see
 * `Arrivals`). One phase's p99 moves with the machine: on a shared two-core machine, tens of milliseconds between
 * runs of the same code, and the endpoint shares its cores with PostgreSQL. The phases therefore run in pairs, the
 * endpoint and the floor back to back, in alternating order so that a drift through the run weighs on both alike,
 * and the figure is the median of the pairs' differences. With only one of the two routes chosen, that route is
 * measured once in lockstep, as a profile of it needs.
 */
async function delayPairs(
  url: string,
  load: number,
): Promise<{ spread: DelayFigures; lockstep: DelayFigures } | undefined> {
  if (!ANSWERS.includes(SHORT)) return undefined;
  if (!ROUTES.includes(ENDPOINT) || !ROUTES.includes(FLOOR)) {
    for (const route of ROUTES.filter((route) => route === ENDPOINT || route === FLOOR)) {
      out('');
      out(`short answer, ${load} streams arriving in lockstep (50 in the same millisecond)`);
      printPhase(route, load, await phase(url, route, SHORT, load, 'lockstep'));
    }
    return undefined;
  }
  const figures = async (arrivals: Arrivals): Promise<DelayFigures> => {
    out('');
    out(
      `short answer, ${load} streams ${arrivals === 'lockstep' ? 'arriving in lockstep (50 in the same millisecond)' : 'arriving one after another'}: ` +
        `the endpoint and the floor in ${DELAY_PAIRS} pairs, phases in the order they ran`,
    );
    const measured: [PhaseResult, PhaseResult][] = [];
    while (measured.length < DELAY_PAIRS) {
      const floorFirst = measured.length % 2 === 1;
      const order = floorFirst ? [FLOOR, ENDPOINT] : [ENDPOINT, FLOOR];
      const pair = new Map<Route, PhaseResult>();
      for (const route of order) {
        const result = await phase(url, route, SHORT, load, arrivals);
        pair.set(route, result);
        printPhase(route, load, result);
      }
      measured.push([pair.get(ENDPOINT)!, pair.get(FLOOR)!]);
    }
    const pairs = measured.map(([a, c]) => a.p99 - c.p99);
    const added = median(pairs);
    out(
      `added paragraph delay p99, (a) − (c), by pair: ${pairs.map((pair) => pair.toFixed(2)).join(', ')} ms; ` +
        `median ${added.toFixed(2)} ms`,
    );
    return { pairs, added, toModelP99: median(measured.map(([a]) => a.toModelP99)) };
  };
  return { spread: await figures('spread'), lockstep: await figures('lockstep') };
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
const out = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  const began = performance.now();
  await new Promise<void>((resolve) => fakeModel.listen(0, '127.0.0.1', resolve));
  const modelUrl = `http://127.0.0.1:${(fakeModel.address() as AddressInfo).port}/v1`;
  const database = await benchDatabase();
  const { url, child } = await startServer(modelUrl, database.url);
  try {
    // Twice the largest load: an aborted answer may still hold its user's one-answer lock when the next phase starts.
    const maxStreams = Math.max(...LOADS);
    benchUsers = (await (await fetch(`${url}/bench/users?count=${maxStreams * 2}`)).json()) as BenchUser[];
    const stepUser = benchUsers[benchUsers.length - 1]!;
    const steps = (await (
      await fetch(
        `${url}/bench/question-steps?rounds=${QUICK ? 50 : 200}&token=${stepUser.token}&conversationUuid=${stepUser.conversationUuid}`,
      )
    ).json()) as StepCost[];
    out(
      'per-question steps of the endpoint, one at a time on an idle server: CPU µs of the server and of PostgreSQL, ' +
        'wall ms, statements',
    );
    const row = (step: string, cpu: number, database: number, statements: number, wall?: number) =>
      out(
        `  ${step.padEnd(36)}${cpu.toFixed(0).padStart(8)} µs  ${database.toFixed(0).padStart(8)} µs` +
          `  ${(wall === undefined ? '' : wall.toFixed(2)).padStart(7)} ms  ${statements.toFixed(2).padStart(5)}`,
      );
    for (const { step, cpuMicros, databaseCpuMicros, wallMs, statements } of steps)
      row(step, cpuMicros, databaseCpuMicros, statements, wallMs);
    const stepsCpu = steps.reduce((sum, step) => sum + step.cpuMicros, 0);
    const stepsDatabaseCpu = steps.reduce((sum, step) => sum + step.databaseCpuMicros, 0);
    const stepsStatements = steps.reduce((sum, step) => sum + step.statements, 0);
    row('total', stepsCpu, stepsDatabaseCpu, stepsStatements);
    const statementCost = (await (await fetch(`${url}/bench/statement-cost`)).json()) as {
      alone: number;
      twentyAtOnce: number;
    };
    out(
      `  one prepared one-row statement: ${statementCost.alone.toFixed(0)} µs of the server's CPU alone, ` +
        `${statementCost.twentyAtOnce.toFixed(0)} µs with 20 at once`,
    );
    const whole = await wholeQuestions(url, new URL(database.url).pathname.slice(1));
    out('');
    out(
      `whole questions, ${WHOLE_ASKERS} askers asking again as each answer ends, the short answer in one chunk: ` +
        `per question, server ${whole.cpuMicros.toFixed(0)} µs of CPU (main thread ${whole.mainThreadCpuMicros.toFixed(0)}), PostgreSQL ${whole.databaseCpuMicros.toFixed(0)} µs, ` +
        `${whole.statements.toFixed(2)} statements (${whole.questions} questions, ${whole.failed} not answered whole)`,
    );
    for (const [label, count] of Object.entries(whole.byLabel).sort(([, a], [, b]) => b - a))
      out(`  ${(count / whole.questions).toFixed(2).padStart(6)}  ${label}`);
    if (process.env.BENCH_WHOLE_ONLY === '1') return;
    // Warm-up: every route once, so that the figures are not the JIT compiler's.
    await Promise.all(ROUTES.map((route) => phase(url, route, SHORT, 25)));

    /** With `BENCH_SERVER_PROFILE=<file>`, the server profiles its CPU over the measured phases into that file. */
    const profileFile = process.env.BENCH_SERVER_PROFILE;
    if (profileFile) await fetch(`${url}/bench/profile?action=start`);
    /** With `BENCH_SERVER_ALLOC=<file>`, the server samples its allocations over the measured phases into that file. */
    const allocFile = process.env.BENCH_SERVER_ALLOC;
    if (allocFile) await fetch(`${url}/bench/alloc?action=start`);
    const results = new Map<string, PhaseResult>();
    const keyOf = (route: Route, profile: AnswerProfile, load: number) => `${route.path} ${profile.name} ${load}`;
    out(
      `server: one Node.js process; model: ${SHORT.tokensPerSecond} tokens/s per stream, ${SHORT.tokenChars} characters a token`,
    );
    for (const profile of HELD_ONLY ? [] : ANSWERS) {
      const size = answerTokens(profile, 0, 'paragraphs').tokens.join('').length;
      out('');
      out(
        `${profile.name} answer: ${profile.paragraphs} paragraphs, ${(size / 1024).toFixed(1)} KiB` +
          (profile === LONG
            ? `, measured over a ${WINDOW_MS / 1000} s window at every point of the answer`
            : ', streamed whole'),
      );
      out(
        'route               streams  CPU µs/token  main thread  RSS KiB/stream  paragraph delay p50 / p99 ms  ' +
          '(paragraphs)  to model p50 / p99 ms',
      );
      // Each load is run in several rounds, the routes in another order each round, and each route's phase with the
      // median CPU per token is kept: a single phase's figure moves with where it falls in the run (the compiler
      // still optimising the code of the route before it, a collection of the previous phase's garbage), and the
      // ratio of two such figures moves by up to 0.4 between runs of the same code.
      for (const load of LOADS) {
        const rounds = new Map<Route, PhaseResult[]>();
        for (let round = 0; round < ROUNDS; round++) {
          if (ROUNDS > 1) out(`  round ${round + 1} of ${ROUNDS}`);
          for (let k = 0; k < ROUTES.length; k++) {
            const route = ROUTES[(k + round) % ROUTES.length]!;
            const result = await phase(url, route, profile, load);
            rounds.set(route, [...(rounds.get(route) ?? []), result]);
            printPhase(route, load, result);
          }
        }
        if (ROUNDS > 1) out(`  the phase of each route with the median CPU per token, of ${ROUNDS} rounds:`);
        for (const route of ROUTES) {
          const byCpu = [...rounds.get(route)!].sort((a, b) => a.cpuPerToken - b.cpuPerToken);
          const median = byCpu[Math.floor(byCpu.length / 2)]!;
          results.set(keyOf(route, profile, load), median);
          if (ROUNDS > 1) printPhase(route, load, median);
        }
      }
    }

    if (profileFile) await fetch(`${url}/bench/profile?action=stop&file=${encodeURIComponent(profileFile)}`);
    if (allocFile) await fetch(`${url}/bench/alloc?action=stop&file=${encodeURIComponent(allocFile)}`);
    const middle = LOADS[Math.floor(LOADS.length / 2)]!;

    const pairs = HELD_ONLY ? undefined : await delayPairs(url, middle);

    out('');
    out(`held memory per stream: heap and off-heap after a collection, ${middle} long answers streaming`);
    const held = new Map<Route, number>();
    for (const route of ROUTES) {
      held.set(route, await heldPerStream(url, route, middle));
      out(`${route.label.padEnd(20)}${(held.get(route)! / 1024).toFixed(1).padStart(8)} KiB`);
    }
    const growth = await nonReadingGrowth(url);
    out('');
    out(
      `${NON_READING_CLIENTS} clients that never read, each sent an answer of ${(
        (HUGE.paragraphs * HUGE.paragraphChars) /
        1024 /
        1024
      ).toFixed(1)} MiB: server RSS grew by ${(growth / 1024 / 1024).toFixed(1)} MiB at most`,
    );

    /** CPU per token of a route over every load of an answer: total CPU over total tokens. */
    const cpuPerToken = (route: Route, profile: AnswerProfile) => {
      let cpu = 0;
      let tokens = 0;
      for (const load of LOADS) {
        const result = results.get(keyOf(route, profile, load))!;
        cpu += result.cpuMicros;
        tokens += result.tokens;
      }
      return cpu / Math.max(1, tokens);
    };
    /** The same, of the server's main thread alone. */
    const mainThreadCpuPerToken = (route: Route, profile: AnswerProfile) => {
      let cpu = 0;
      let tokens = 0;
      for (const load of LOADS) {
        const result = results.get(keyOf(route, profile, load))!;
        cpu += result.mainThreadCpuPerToken * result.tokens;
        tokens += result.tokens;
      }
      return cpu / Math.max(1, tokens);
    };
    if (HELD_ONLY) return;
    if (ROUTES.length < 4 || ANSWERS.length < 2) {
      // A partial run still ends with the short answer's figures its routes allow.
      if (!ANSWERS.includes(SHORT) || !ROUTES.includes(ENDPOINT) || !ROUTES.includes(RELAY)) return;
      out(`CPU per token over all loads, short answer; run took ${((performance.now() - began) / 1000).toFixed(0)} s`);
      out(
        JSON.stringify({
          cpuPerTokenOverRelay: round(cpuPerToken(ENDPOINT, SHORT) / cpuPerToken(RELAY, SHORT)),
          ...(ROUTES.includes(FLOOR)
            ? { cpuPerTokenOverFloor: round(cpuPerToken(ENDPOINT, SHORT) / cpuPerToken(FLOOR, SHORT)) }
            : {}),
          endpointCpuPerTokenMicros: round(cpuPerToken(ENDPOINT, SHORT), 1),
          relayCpuPerTokenMicros: round(cpuPerToken(RELAY, SHORT), 1),
          mainThreadCpuPerTokenOverRelay: round(
            mainThreadCpuPerToken(ENDPOINT, SHORT) / mainThreadCpuPerToken(RELAY, SHORT),
          ),
          questionStepsCpuMicros: Math.round(stepsCpu),
          questionStepsDatabaseCpuMicros: Math.round(stepsDatabaseCpu),
          wholeQuestionCpuMicros: Math.round(whole.cpuMicros),
          wholeQuestionMainThreadCpuMicros: Math.round(whole.mainThreadCpuMicros),
          wholeQuestionStatements: round(whole.statements),
          streams: LOADS,
        }),
      );
      return;
    }
    const at = (route: Route, profile: AnswerProfile) => results.get(keyOf(route, profile, middle))!;
    out(
      `ratios of CPU per token over all loads; delays and RSS at ${middle} streams; run took ${((performance.now() - began) / 1000).toFixed(0)} s`,
    );
    out(
      JSON.stringify({
        cpuPerTokenOverRelay: round(cpuPerToken(ENDPOINT, SHORT) / cpuPerToken(RELAY, SHORT)),
        mainThreadCpuPerTokenOverRelay: round(
          mainThreadCpuPerToken(ENDPOINT, SHORT) / mainThreadCpuPerToken(RELAY, SHORT),
        ),
        cpuPerTokenOverFloor: round(cpuPerToken(ENDPOINT, SHORT) / cpuPerToken(FLOOR, SHORT)),
        peerOverEndpointShort: round(cpuPerToken(PEER, SHORT) / cpuPerToken(ENDPOINT, SHORT)),
        peerOverEndpointLong: round(cpuPerToken(PEER, LONG) / cpuPerToken(ENDPOINT, LONG)),
        // The most d/a can be while the endpoint costs at least the floor: d/a = (d/c) / (a/c).
        peerOverFloorLong: round(cpuPerToken(PEER, LONG) / cpuPerToken(FLOOR, LONG)),
        // Medians over the pairs of phases (see delayPairs), each pair's figure after them.
        addedParagraphDelayP99Ms: round(pairs!.spread.added),
        addedParagraphDelayP99MsLockstep: round(pairs!.lockstep.added),
        // How long a question took to reach the model at 300 streams: its own steps and any wait for them.
        toModelP99Ms: round(pairs!.spread.toModelP99),
        toModelP99MsLockstep: round(pairs!.lockstep.toModelP99),
        addedParagraphDelayP99MsPairs: pairs!.spread.pairs.map((pair) => round(pair)),
        addedParagraphDelayP99MsLockstepPairs: pairs!.lockstep.pairs.map((pair) => round(pair)),
        rssPerStreamKiB: round(at(ENDPOINT, SHORT).rssPerStream / 1024),
        heldPerStreamKiB: round(held.get(ENDPOINT)! / 1024),
        cpuPerTokenOverRelayLong: round(cpuPerToken(ENDPOINT, LONG) / cpuPerToken(RELAY, LONG)),
        cpuPerTokenOverFloorLong: round(cpuPerToken(ENDPOINT, LONG) / cpuPerToken(FLOOR, LONG)),
        questionStepsCpuMicros: Math.round(stepsCpu),
        questionStepsDatabaseCpuMicros: Math.round(stepsDatabaseCpu),
        wholeQuestionCpuMicros: Math.round(whole.cpuMicros),
        wholeQuestionMainThreadCpuMicros: Math.round(whole.mainThreadCpuMicros),
        wholeQuestionStatements: round(whole.statements),
        nonReadingRssGrowthMiB: round(growth / 1024 / 1024, 1),
        streams: LOADS,
      }),
    );
  } finally {
    child.kill();
    fakeModel.close();
    await new Promise((resolve) => child.once('exit', resolve));
    await database.drop();
  }
}

await main();
