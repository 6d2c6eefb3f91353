/**
 * The SSE write path alone: server CPU per frame when 300 open responses are each written one small frame at a
 * time (6,000 frames a second, each in a turn of the event loop of its own, as tokens arrive), through
 * `SseConnection`, which writes the chunked encoding's framing itself, and through a plain `ServerResponse`
 * batched the same way, whose framing Node adds (four socket writes a flush, gathered into one system call).
 * The readers are another process. The two alternate nine times; the medians, and the median of each round's
 * ratio (which a machine whose speed drifts disturbs least), are printed, then one JSON line.
 * Run: `npm run bench:sse-write`.
 */
import { fork } from 'node:child_process';
import { Agent, createServer, get, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { SseConnection } from '../src/sse/sse-connection.js';

const STREAMS = 300;
const FRAMES_PER_STREAM = 280;
const FRAMES_PER_MS = 6;
const ROUNDS = 9;
const SETTLE_MS = 1500;
const WINDOW_MS = 4000;

interface Writer {
  write(frames: string): void;
  end(): void;
}

/** Node's own chunked framing: one `write` per turn, as the connection batches its frames. */
function plainWriter(response: ServerResponse): Writer {
  let pending = '';
  const flush = () => {
    const frames = pending;
    pending = '';
    response.write(frames);
  };
  response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
  return {
    write(frames) {
      if (pending === '') queueMicrotask(flush);
      pending += frames;
    },
    end() {
      if (pending !== '') flush();
      response.end();
    },
  };
}

function connectionWriter(request: IncomingMessage, response: ServerResponse): Writer {
  const connection = new SseConnection(request, response, 0);
  return { write: (frames) => connection.write(frames), end: () => connection.end() };
}

/** The reader process: keeps `STREAMS` responses open, reading and dropping what they send. */
function readers(port: number): void {
  const agent = new Agent({ keepAlive: true, maxSockets: STREAMS * 2 });
  let open = 0;
  const one = () =>
    get({ host: '127.0.0.1', port, agent }, (response) => {
      if (++open === STREAMS) process.send?.('ready');
      response.on('data', () => undefined);
      response.on('end', one);
    });
  for (let i = 0; i < STREAMS; i++) one();
}

async function main(): Promise<void> {
  type Kind = 'connection' | 'plain';
  let kind: Kind = 'plain';
  const streams: { writer: Writer; sent: number }[] = [];
  const server = createServer((request, response) => {
    const writer = kind === 'connection' ? connectionWriter(request, response) : plainWriter(response);
    // The head goes out with the first frame: the reader counts the stream open once it has the head.
    writer.write(':open\n\n');
    streams.push({ writer, sent: 0 });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const child = fork(fileURLToPath(import.meta.url), ['readers', String(port)]);
  await new Promise((resolve) => child.once('message', resolve));

  let frames = 0;
  let next = 0;
  const writeOne = () => {
    const stream = streams[next++ % Math.max(1, streams.length)];
    if (!stream) return;
    stream.sent++;
    stream.writer.write(`id:${stream.sent}\ndata:abcd\n\n`);
    frames++;
    if (stream.sent >= FRAMES_PER_STREAM) {
      stream.writer.end();
      streams.splice(streams.indexOf(stream), 1);
    }
  };
  const timer = setInterval(() => {
    for (let i = 0; i < FRAMES_PER_MS; i++) setImmediate(writeOne);
  }, 1);

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** Ends every open stream; the readers open new ones, served with `next`. */
  const measure = async (next: Kind): Promise<number> => {
    kind = next;
    for (const stream of streams.splice(0)) stream.writer.end();
    await sleep(SETTLE_MS);
    const startFrames = frames;
    const start = process.cpuUsage();
    await sleep(WINDOW_MS);
    const used = process.cpuUsage(start);
    return (used.user + used.system) / Math.max(1, frames - startFrames);
  };

  const results: Record<Kind, number[]> = { plain: [], connection: [] };
  const ratios: number[] = [];
  console.log(`${STREAMS} streams, ${FRAMES_PER_MS * 1000} frames a second: server CPU µs per frame`);
  for (let round = 1; round <= ROUNDS; round++) {
    results.plain.push(await measure('plain'));
    results.connection.push(await measure('connection'));
    const plain = results.plain.at(-1)!;
    const connection = results.connection.at(-1)!;
    ratios.push(connection / plain);
    console.log(
      `  round ${round}: Node's framing ${plain.toFixed(2)}, the connection's ${connection.toFixed(2)} (${(connection / plain).toFixed(2)})`,
    );
  }
  clearInterval(timer);
  child.kill();
  server.closeAllConnections();
  server.close();

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const plain = median(results.plain);
  const connection = median(results.connection);
  const ratio = median(ratios);
  console.log(
    `median: Node's framing ${plain.toFixed(2)} µs, the connection's ${connection.toFixed(2)} µs; median ratio ${ratio.toFixed(2)}`,
  );
  const round = (value: number) => Math.round(value * 100) / 100;
  console.log(
    JSON.stringify({
      plainWriteMicrosPerFrame: round(plain),
      connectionWriteMicrosPerFrame: round(connection),
      connectionOverPlain: round(ratio),
    }),
  );
}

if (process.argv[2] === 'readers') readers(Number(process.argv[3]));
else await main();
