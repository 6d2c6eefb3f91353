/**
 * The SSE write path alone: server CPU per frame when 300 open responses are each written one small frame at a
 * time (6,000 frames a second, each in a turn of the event loop of its own, as tokens arrive), through
 * `SseConnection` as it is, which writes the chunked encoding's framing itself, and through the same connection
 * with that handed back to Node, which adds it as four socket writes a flush, gathered into one system call.
 * The readers are another process. The two alternate nine times, in the order ABBA…, after a warm-up round;
 * the medians, and the median of each round's ratio (which a machine whose speed drifts disturbs least), are
 * printed, then one JSON line.
 * Run: `npm run bench:sse-write`.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { Agent, createServer, get, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { SseConnection } from '../src/sse/sse-connection.js';

const STREAMS = 300;
const FRAMES_PER_MS = 6;
const ROUNDS = 9;
const SETTLE_MS = 1500;
const WINDOW_MS = 4000;

type Framing = 'own' | 'node';

/** A connection that hands the chunk framing back to Node once its head is formed (by its first write). */
function withNodeFraming(connection: SseConnection, response: ServerResponse): void {
  const internals = connection as unknown as { ownsChunking?: boolean };
  // A private field: should it be renamed, the comparison would silently time the connection against itself.
  if (internals.ownsChunking !== true) throw new Error('SseConnection no longer has ownsChunking; update this bench');
  response.chunkedEncoding = true;
  internals.ownsChunking = false;
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
    }).on('error', () => undefined);
  for (let i = 0; i < STREAMS; i++) one();
}

async function main(): Promise<void> {
  let framing: Framing = 'own';
  const streams: { connection: SseConnection; sent: number }[] = [];
  const server = createServer((request, response) => {
    const connection = new SseConnection(request, response, 0);
    // The head goes out with the first frame: the reader counts the stream open once it has the head.
    connection.write(':open\n\n');
    if (framing === 'node') withNodeFraming(connection, response);
    streams.push({ connection, sent: 0 });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['readers', String(port)]);
  await new Promise((resolve) => child.once('message', resolve));

  let frames = 0;
  let next = 0;
  const writeOne = () => {
    const stream = streams[next++ % Math.max(1, streams.length)];
    if (!stream) return;
    stream.sent++;
    stream.connection.write(`id:${stream.sent}\ndata:abcd\n\n`);
    frames++;
  };
  const timer = setInterval(() => {
    for (let i = 0; i < FRAMES_PER_MS; i++) setImmediate(writeOne);
  }, 1);

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** Ends every open stream; the readers open new ones, written with `next`. CPU µs per frame over the window. */
  const measure = async (next: Framing): Promise<number> => {
    framing = next;
    for (const stream of streams.splice(0)) stream.connection.end();
    await sleep(SETTLE_MS);
    const startFrames = frames;
    const start = process.cpuUsage();
    await sleep(WINDOW_MS);
    const used = process.cpuUsage(start);
    return (used.user + used.system) / Math.max(1, frames - startFrames);
  };

  const results: Record<Framing, number[]> = { node: [], own: [] };
  const ratios: number[] = [];
  console.log(`${STREAMS} streams, ${FRAMES_PER_MS * 1000} frames a second: server CPU µs per frame`);
  await measure('node');
  await measure('own');
  for (let round = 1; round <= ROUNDS; round++) {
    const order: Framing[] = round % 2 === 1 ? ['node', 'own'] : ['own', 'node'];
    for (const kind of order) results[kind].push(await measure(kind));
    const node = results.node.at(-1)!;
    const own = results.own.at(-1)!;
    ratios.push(own / node);
    console.log(
      `  round ${round}: Node's framing ${node.toFixed(2)}, the connection's ${own.toFixed(2)} (${(own / node).toFixed(2)})`,
    );
  }
  clearInterval(timer);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill();
  await exited;
  server.closeAllConnections();
  server.close();

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const node = median(results.node);
  const own = median(results.own);
  const ratio = median(ratios);
  console.log(
    `median: Node's framing ${node.toFixed(2)} µs, the connection's ${own.toFixed(2)} µs; median ratio ${ratio.toFixed(2)}`,
  );
  const round = (value: number) => Math.round(value * 100) / 100;
  console.log(
    JSON.stringify({
      nodeFramingMicrosPerFrame: round(node),
      ownFramingMicrosPerFrame: round(own),
      ownOverNodeFraming: round(ratio),
    }),
  );
}

if (process.argv[2] === 'readers') readers(Number(process.argv[3]));
else await main();
