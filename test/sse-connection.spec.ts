import { Agent, createServer, request as httpRequest, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { SseConnection } from '../src/platform/sse/sse-connection.js';

/**
 * The SSE response on the wire, read by Node's own HTTP client and byte by byte: each flush is one chunk of the
 * chunked encoding whose size counts bytes, not characters; the stream ends with the last chunk, so that the
 * connection serves the next request; an HTTP/1.0 client, which has no chunks, gets the frames as they are and
 * the end of the connection.
 */

/** Frames over several turns of the event loop, with characters of two, three and four bytes. */
const FRAMES = [
  'id: 1\nevent: [START]\ndata: \n\n',
  'id: 2\ndata: café\n\n',
  'id: 3\ndata: 中文的回答\n\n',
  'id: 4\ndata: 🦘 and more\n\n',
  ': heartbeat\n\n',
  'id: 5\nevent: [DONE]\ndata: {}\n\n',
];

let server: Server;
let port: number;
/** What the last response was handed, write by write, and at its end. */
let handed: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    handed = [];
    const write = response.write.bind(response) as (chunk: string) => boolean;
    const end = response.end.bind(response) as (chunk?: string) => ServerResponse;
    response.write = ((chunk: string) => (handed.push(chunk), write(chunk))) as typeof response.write;
    response.end = ((chunk?: string) => (handed.push(chunk ?? ''), end(chunk))) as typeof response.end;
    const connection = new SseConnection(request, response, 0);
    if (request.url === '/empty') return connection.end();
    let next = 0;
    const writeSome = () => {
      // Two frames in one turn (one chunk), then a turn of their own each.
      connection.write(FRAMES[next++]!);
      if (next === 1) connection.write(FRAMES[next++]!);
      if (next < FRAMES.length) setImmediate(writeSome);
      else connection.end();
    };
    writeSome();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(
  agent: Agent,
  method: 'GET' | 'HEAD' = 'GET',
  path = '/',
): Promise<{ body: string; reused: boolean; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, method, agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (text: string) => (body += text));
      response.on('end', () => resolve({ body, reused: request.reusedSocket, headers: response.headers }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

/** The raw bytes of one exchange: until `complete` says the response is whole, or the server closes the connection. */
function exchange(head: string, complete: (bytes: Buffer) => boolean = () => false): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    const pieces: Buffer[] = [];
    const done = () => {
      socket.destroy();
      resolve(Buffer.concat(pieces));
    };
    socket.on('data', (piece) => {
      pieces.push(piece);
      if (complete(Buffer.concat(pieces))) done();
    });
    socket.on('end', done);
    socket.on('error', reject);
  });
}

/** Splits a chunked body into its chunks, checking every size line against the bytes that follow it. */
function chunksOf(body: Buffer): string[] {
  const chunks: string[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', at);
    expect(lineEnd).toBeGreaterThan(at);
    const size = Number.parseInt(body.subarray(at, lineEnd).toString('latin1'), 16);
    expect(Number.isNaN(size)).toBe(false);
    const data = body.subarray(lineEnd + 2, lineEnd + 2 + size);
    expect(body.subarray(lineEnd + 2 + size, lineEnd + 4 + size).toString('latin1')).toBe('\r\n');
    at = lineEnd + 4 + size;
    if (size === 0) break;
    chunks.push(data.toString('utf8'));
  }
  expect(at).toBe(body.length);
  return chunks;
}

/** Runs `requests` on one kept-alive connection. */
async function onOneConnection(requests: (agent: Agent) => Promise<void>): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    await requests(agent);
  } finally {
    agent.destroy();
  }
}

it('sends the frames as chunks whose sizes count bytes, and the next request reuses the connection', () =>
  onOneConnection(async (agent) => {
    const first = await get(agent);
    expect(first.body).toBe(FRAMES.join(''));
    expect(first.headers['transfer-encoding']).toBe('chunked');
    expect(first.headers['content-type']).toBe('text/event-stream');
    const second = await get(agent);
    expect(second.body).toBe(FRAMES.join(''));
    expect(second.reused).toBe(true);
  }));

it('hands the response what one turn queued in one write, and leaves the chunk framing to Node', async () => {
  await get(new Agent());
  expect(handed).toEqual([FRAMES[0]! + FRAMES[1]!, ...FRAMES.slice(2), '']);
});

it('serves the next request on the same connection after a stream that sent no frame', () =>
  onOneConnection(async (agent) => {
    const empty = await get(agent, 'GET', '/empty');
    expect(empty.body).toBe('');
    expect(empty.headers['transfer-encoding']).toBe('chunked');
    const after = await get(agent);
    expect(after.body).toBe(FRAMES.join(''));
    expect(after.reused).toBe(true);
  }));

it('answers a HEAD request with the head alone', async () => {
  const head = await get(new Agent(), 'HEAD');
  expect(head.body).toBe('');
  expect(head.headers['content-type']).toBe('text/event-stream');
});

it('writes what one turn queued as one chunk, and ends with the last chunk', async () => {
  const raw = await exchange('GET / HTTP/1.1\r\nHost: test\r\n\r\n', (bytes) =>
    bytes.toString('latin1').endsWith('\r\n0\r\n\r\n'),
  );
  const headEnd = raw.indexOf('\r\n\r\n');
  expect(raw.subarray(0, headEnd).toString('latin1')).toMatch(/\r\nTransfer-Encoding: chunked(\r\n|$)/i);
  expect(chunksOf(raw.subarray(headEnd + 4))).toEqual([FRAMES[0]! + FRAMES[1]!, ...FRAMES.slice(2)]);
});

it('gives an HTTP/1.0 client the frames without chunks, ended by the end of the connection', async () => {
  const raw = await exchange('GET / HTTP/1.0\r\n\r\n');
  const headEnd = raw.indexOf('\r\n\r\n');
  expect(raw.subarray(0, headEnd).toString('latin1')).not.toMatch(/transfer-encoding/i);
  expect(raw.subarray(headEnd + 4).toString('utf8')).toBe(FRAMES.join(''));
});
