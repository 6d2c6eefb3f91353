/**
 * Load benchmark of the ask endpoint, bounded and on loopback only. This process runs a fake model server
 * (OpenAI streaming wire format, T tokens per second per stream) and the clients; the application runs in a
 * child process of its own, so that its CPU time can be read apart. Measured in one run:
 *   - server CPU µs per streamed token: (a) the endpoint, (b) a minimal pass-through SSE relay of the same
 *     model stream in the same server process (the floor);
 *   - server RSS per open stream;
 *   - delay from a paragraph's closing brace leaving the fake model to its [CITATION_PARAGRAPH] reaching the
 *     client, p50 and p99, at 500 streams × 20 tokens/s, then at more streams until p99 passes 50 ms.
 * Run: `npm run bench:sse`. Prints figures, then one JSON line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request as httpRequest, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { benchDatabase } from './bench-database.js';

const TOKENS_PER_SECOND = 20;
const TICK_MS = 5;
const PARAGRAPHS = 4;
const LOADS = [100, 200, 300, 500, 1000, 1500, 2000, 3000];
/** One user per concurrent stream: an answer in flight per user is the endpoint's rule. */
const MAX_STREAMS = Math.max(...LOADS);

interface Upstream {
  tokens: string[];
  closesParagraph: (number | undefined)[];
  started: number;
  next: number;
  response: ServerResponse;
  streamId: number;
}

/** Per stream: when each paragraph's closing brace left the fake model. */
const braceSentAt = new Map<number, number[]>();

/** Finds where paragraph objects close in a paragraphs-answer JSON text fed piece by piece. */
class ParagraphCloseScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;
  private paragraph = 0;

  /** The indexes of the paragraphs whose closing brace is in `text`. */
  feed(text: string): number[] {
    const closed: number[] = [];
    for (const char of text) {
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (char === '\\') this.escaped = true;
        else if (char === '"') this.inString = false;
      } else if (char === '"') this.inString = true;
      else if (char === '{' || char === '[') this.depth++;
      else if (char === '}' || char === ']') {
        this.depth--;
        if (char === '}' && this.depth === 2) closed.push(this.paragraph++);
      }
    }
    return closed;
  }
}

function answerTokens(streamId: number): { tokens: string[]; closesParagraph: (number | undefined)[] } {
  const paragraphs = Array.from({ length: PARAGRAPHS }, (_, i) => ({
    text: `Paragraph ${i} of stream ${streamId}: retrieval finds the chunks, and each paragraph cites the sources it rests on.`,
    citationIds: [`E${(i % 3) + 1}`],
  }));
  const json = JSON.stringify({ paragraphs });
  const scanner = new ParagraphCloseScanner();
  const tokens: string[] = [];
  const closesParagraph: (number | undefined)[] = [];
  for (let at = 0; at < json.length; at += 4) {
    const token = json.slice(at, at + 4);
    tokens.push(token);
    closesParagraph.push(scanner.feed(token)[0]);
  }
  return { tokens, closesParagraph };
}

const upstreams = new Set<Upstream>();

function chunk(text: string | null, finish: string | null): string {
  const delta = text === null ? {} : { content: text };
  return `data: ${JSON.stringify({ id: 'b', object: 'chat.completion.chunk', created: 0, model: 'bench', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
}

/** One timer for every stream: each tick sends the tokens that are due. */
setInterval(() => {
  const now = performance.now();
  for (const upstream of upstreams) {
    const due = Math.min(upstream.tokens.length, Math.floor(((now - upstream.started) * TOKENS_PER_SECOND) / 1000) + 1);
    let out = '';
    const closed: number[] = [];
    for (; upstream.next < due; upstream.next++) {
      out += chunk(upstream.tokens[upstream.next]!, null);
      tokensSent++;
      const paragraph = upstream.closesParagraph[upstream.next];
      if (paragraph !== undefined) closed.push(paragraph);
    }
    if (out) upstream.response.write(out);
    for (const paragraph of closed) braceSentAt.get(upstream.streamId)![paragraph] = performance.now();
    if (upstream.next >= upstream.tokens.length) {
      upstream.response.end(`${chunk(null, 'stop')}data: [DONE]\n\n`);
      upstreams.delete(upstream);
    }
  }
}, TICK_MS).unref();

const fakeModel = createServer((request, response) => {
  let raw = '';
  request.on('data', (data: Buffer) => (raw += data.toString()));
  request.on('end', () => {
    const match = /bench-stream-(\d+)/.exec(raw);
    const streamId = Number(match?.[1] ?? -1);
    const { tokens, closesParagraph } = answerTokens(streamId);
    response.writeHead(200, { 'Content-Type': 'text/event-stream' });
    const upstream = { tokens, closesParagraph, started: performance.now(), next: 0, response, streamId };
    upstreams.add(upstream);
    response.on('close', () => upstreams.delete(upstream));
  });
});

async function startServer(modelUrl: string, databaseUrl: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_SERVER_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/srvprof'] : []),
      'dist-bench/bench/sse-server.js',
    ],
    {
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
    },
  );
  const lines = createInterface({ input: child.stdout });
  for await (const line of lines) if (line.startsWith('READY ')) return { url: line.slice(6), child };
  throw new Error('the benchmark server did not start');
}

async function usage(url: string): Promise<{ cpuMicros: number; rss: number }> {
  return (await (await fetch(`${url}/bench/usage`)).json()) as { cpuMicros: number; rss: number };
}

interface StreamResult {
  paragraphDelays: number[];
}

/** Tokens the fake model has sent, over all streams: the denominator of CPU per token, the same for (a) and (b). */
let tokensSent = 0;

let nextStreamId = 0;

interface BenchUser {
  token: string;
  conversationUuid: string;
}
let benchUsers: BenchUser[] = [];

const RELAY_DATA = /^data:(.*)$/gm;
const PARAGRAPH_EVENT = /event:\[CITATION_PARAGRAPH\]\ndata:\{"paragraphIndex":(\d+)/g;

/**
 * One client stream over a plain HTTP request; resolves when the server closes it. It scans the raw stream
 * rather than running a full SSE parser: this process also plays the model, and every microsecond it spends
 * here would show up as delay in the figures.
 */
function openStream(url: string, path: string, paragraphEvents: boolean): Promise<StreamResult> {
  const streamId = nextStreamId++;
  braceSentAt.set(streamId, []);
  const user = benchUsers[streamId % benchUsers.length]!;
  const body = JSON.stringify({
    conversationUuid: user.conversationUuid,
    prompt: `bench-stream-${streamId} how are retrieval chunks cited?`,
  });
  return new Promise((resolve, reject) => {
    const result: StreamResult = { paragraphDelays: [] };
    let carry = '';
    const relayScanner = new ParagraphCloseScanner();
    const req = httpRequest(
      `${url}${path}`,
      { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: user.token }, agent: false },
      (res) => {
        res.setEncoding('utf8');
        res.on('data', (text: string) => {
          const now = performance.now();
          const window = carry + text;
          if (paragraphEvents) {
            for (const match of window.matchAll(PARAGRAPH_EVENT)) {
              const sentAt = braceSentAt.get(streamId)![Number(match[1])];
              if (sentAt !== undefined) result.paragraphDelays.push(now - sentAt);
            }
          } else {
            // The relay passes the model's text on as it is: the floor is the closing brace itself arriving.
            for (const [, token] of text.matchAll(RELAY_DATA)) {
              for (const paragraph of relayScanner.feed(token!)) {
                const sentAt = braceSentAt.get(streamId)![paragraph];
                if (sentAt !== undefined) result.paragraphDelays.push(now - sentAt);
              }
            }
          }
          carry = window.slice(-80);
          // An event split across reads is matched once: drop what was matched from the carried tail.
          const last = carry.lastIndexOf('event:[CITATION_PARAGRAPH]');
          if (last >= 0 && /"paragraphIndex":\d+/.test(carry.slice(last))) carry = carry.slice(last + 1);
        });
        res.on('end', () => {
          braceSentAt.delete(streamId);
          resolve(result);
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Opens `streams` streams spread over one second, waits for all; returns CPU, tokens, delays and peak RSS. */
async function phase(url: string, path: string, streams: number, paragraphEvents: boolean) {
  const before = await usage(url);
  const tokensBefore = tokensSent;
  const results: Promise<StreamResult>[] = [];
  for (let i = 0; i < streams; i++) {
    results.push(openStream(url, path, paragraphEvents));
    if (i % 50 === 49) await new Promise((resolve) => setTimeout(resolve, 1000 / Math.ceil(streams / 50)));
  }
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const during = await usage(url);
  const done = await Promise.all(results);
  const after = await usage(url);
  const tokens = tokensSent - tokensBefore;
  const delays = done.flatMap((result) => result.paragraphDelays).sort((a, b) => a - b);
  return {
    cpuPerToken: (after.cpuMicros - before.cpuMicros) / Math.max(1, tokens),
    tokens,
    rssPerStream: (during.rss - before.rss) / streams,
    p50: delays[Math.floor(delays.length * 0.5)] ?? NaN,
    p99: delays[Math.floor(delays.length * 0.99)] ?? NaN,
    paragraphs: delays.length,
  };
}

async function main(): Promise<void> {
  await new Promise<void>((resolve) => fakeModel.listen(0, '127.0.0.1', resolve));
  const modelUrl = `http://127.0.0.1:${(fakeModel.address() as AddressInfo).port}/v1`;
  const database = await benchDatabase();
  const { url, child } = await startServer(modelUrl, database.url);
  try {
    benchUsers = (await (await fetch(`${url}/bench/users?count=${MAX_STREAMS}`)).json()) as BenchUser[];
    await phase(url, '/conversation/message/process', 50, true); // warm-up
    await phase(url, '/bench/relay', 50, false);
    const streams = 500;
    const endpoint = await phase(url, '/conversation/message/process', streams, true);
    const relay = await phase(url, '/bench/relay', streams, false);
    const out = (line: string) => process.stdout.write(`${line}\n`);
    out(`${streams} streams × ${TOKENS_PER_SECOND} tokens/s, ${PARAGRAPHS} paragraphs each`);
    out(`(a) endpoint CPU per streamed token   ${endpoint.cpuPerToken.toFixed(1)} µs  (${endpoint.tokens} tokens)`);
    out(`(b) relay CPU per streamed token      ${relay.cpuPerToken.toFixed(1)} µs  (${relay.tokens} tokens)`);
    out(`RSS per open stream (endpoint)        ${(endpoint.rssPerStream / 1024).toFixed(1)} KiB`);
    out(
      `paragraph delay p50 / p99             ${endpoint.p50.toFixed(2)} / ${endpoint.p99.toFixed(2)} ms  (${endpoint.paragraphs} paragraphs)`,
    );
    out(`relay: closing brace delay p50 / p99  ${relay.p50.toFixed(2)} / ${relay.p99.toFixed(2)} ms  (the floor here)`);

    let maxStreams = 0;
    for (const load of LOADS) {
      const result = load === streams ? endpoint : await phase(url, '/conversation/message/process', load, true);
      out(`${load} streams: paragraph delay p50 / p99 ${result.p50.toFixed(2)} / ${result.p99.toFixed(2)} ms`);
      if (result.p99 < 50) maxStreams = load;
      else break;
    }
    const round = (value: number) => Math.round(value * 100) / 100;
    out(
      JSON.stringify({
        cpuPerTokenOverRelay: round(endpoint.cpuPerToken / relay.cpuPerToken),
        paragraphDelayP99Ms: round(endpoint.p99),
        rssPerStreamKiB: round(endpoint.rssPerStream / 1024),
        maxStreamsP99Under50ms: maxStreams,
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
