import { createServer, request, type ClientRequest, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { compactSentHead } from './sent-head.js';

const headOf = (message: ServerResponse | ClientRequest) => (message as unknown as { _header: string })._header;

describe('compactSentHead', () => {
  let server: Server;
  let port: number;
  let responses: ServerResponse[];
  /** Each response's head before it was sent, once sent, and once compacted. */
  let heads: string[][];

  beforeAll(async () => {
    server = createServer((_request, response) => {
      responses.push(response);
      response.writeHead(200, { 'Content-Type': 'text/event-stream', 'X-Long': 'é'.repeat(40) });
      // Before the head is sent, it is left alone.
      const before = headOf(response);
      compactSentHead(response);
      const unsent = headOf(response);
      response.write('data: one\n\n');
      compactSentHead(response);
      heads.push([before, unsent, headOf(response)]);
      response.end('data: two\n\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('keeps the same head, sent and received as it was, on a response and on a request', async () => {
    responses = [];
    heads = [];
    const outgoing = request({ host: '127.0.0.1', port, method: 'POST', headers: { 'X-Question': 'a'.repeat(50) } });
    const body = new Promise<{ text: string; long: string | undefined }>((resolve, reject) => {
      outgoing.on('response', (incoming) => {
        let text = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (piece: string) => (text += piece));
        incoming.on('end', () => resolve({ text, long: incoming.headers['x-long'] as string | undefined }));
        incoming.on('error', reject);
      });
      outgoing.on('error', reject);
    });
    outgoing.end('{}');
    const requestHead = headOf(outgoing);
    compactSentHead(outgoing);
    expect(headOf(outgoing)).toBe(requestHead);
    const { text, long } = await body;
    expect(text).toBe('data: one\n\ndata: two\n\n');
    expect(long).toBe('é'.repeat(40));
    const [[before, unsent, compacted]] = heads as [string[]];
    expect(unsent).toBe(before);
    expect(compacted).toBe(before);
    const [response] = responses;
    expect(response!.headersSent).toBe(true);
    expect(headOf(response!)).toContain('Content-Type: text/event-stream');
    expect(() => response!.setHeader('X-Late', '1')).toThrow(/after they are sent/);
  });
});
