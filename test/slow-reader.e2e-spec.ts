import { connect, type Socket } from 'node:net';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import pg from 'pg';
import { startWithModel, type ModelTestbed } from './support/app.js';
import { FakeOpenAi } from './support/fake-openai.js';
import { stockAnswerText } from './support/stock-client.js';
import { waitFor } from './support/wait-for.js';

/**
 * A client that asks and never reads, against a model that streams a very large answer, with a short stall
 * timeout: whether the answer is cut at its size limit (the sockets' buffers take that much) or the client is
 * dropped for not reading, the answer is kept as interrupted with exactly the text that reached the client.
 */
/** About 30 MB of answer: far more than the sockets' buffers and the answer size limit can hold. */
const HUGE_ANSWER = JSON.stringify({
  paragraphs: Array.from({ length: 30_000 }, (_, i) => ({
    text: `Paragraph ${i}: ${'a sentence of the answer, long enough to matter. '.repeat(20)}`,
    citationIds: [],
  })),
});

/** The body of a chunked HTTP response, from the raw bytes a socket received. */
function dechunk(raw: Buffer): Buffer {
  const head = raw.indexOf('\r\n\r\n');
  const parts: Buffer[] = [];
  let at = head + 4;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = Number.parseInt(raw.subarray(at, lineEnd).toString('latin1'), 16);
    if (!(size > 0) || lineEnd + 2 + size > raw.length) break;
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** Asks over a raw socket that does not read; once the answer's end is stored, reads what the server handed over. */
async function askWithoutReading(bed: ModelTestbed, db: pg.Client) {
  const answerRow = async () =>
    (
      await db.query<{ remark: string; answer_status: string }>(
        `SELECT remark, answer_status FROM adi_conversation_message WHERE message_role = 3 ORDER BY id DESC LIMIT 1`,
      )
    ).rows[0];
  const { port } = new URL(bed.server.baseUrl);
  const socket: Socket = connect(Number(port), '127.0.0.1');
  const received: Buffer[] = [];
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  const body = JSON.stringify({ conversationUuid: bed.conversation, prompt: 'Tell me everything.' });
  socket.write(
    `POST /conversation/message/process HTTP/1.1\r\nHost: x\r\nAuthorization: ${bed.token}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  socket.pause();
  // The answer's end is stored once the server is done with the client.
  const row = await waitFor(
    async () => {
      const stored = await answerRow();
      return stored !== undefined && stored.answer_status !== 'streaming' && stored;
    },
    { what: "the unread answer's end to be stored", timeoutMs: 60_000, intervalMs: 100 },
  );
  socket.on('data', (chunk: Buffer) => received.push(chunk));
  socket.resume();
  await closed;
  const events: EventSourceMessage[] = [];
  createParser({ onEvent: (event) => events.push(event) }).feed(dechunk(Buffer.concat(received)).toString('utf8'));
  return { row, events, reached: stockAnswerText(events) };
}

describe.each([
  ['cut at the answer size limit', {}, 'ANSWER_TOO_LARGE'],
  ['dropped after the stall timeout', { ASK_MAX_ANSWER_CHARS: '100000000' }, undefined],
])('a client that never reads, %s', (_, env: Record<string, string>, errorCode: string | undefined) => {
  const fake = new FakeOpenAi();
  let bed: ModelTestbed;
  let db: pg.Client;

  beforeAll(async () => {
    bed = await startWithModel(fake, { SSE_STALL_TIMEOUT_MS: '1000', ASK_REPAIR_RETRY: 'false', ...env });
    db = new pg.Client({ connectionString: bed.server.database!.url });
    await db.connect();
  }, 60_000);

  afterAll(async () => {
    await db?.end();
    await bed?.server.close();
    await fake.stop();
  });

  it('stores the answer as interrupted, with exactly the text that reached the client', async () => {
    fake.enqueue({ content: HUGE_ANSWER, chunkSizes: [4096] });
    const { row, events, reached } = await askWithoutReading(bed, db);
    expect(row.answer_status).toBe('interrupted');
    expect(reached.length).toBeGreaterThan(0);
    expect(reached.length).toBeLessThan(HUGE_ANSWER.length / 2);
    expect(row.remark).toBe(reached);
    if (errorCode) expect(events.at(-1)!.data).toMatch(new RegExp(`^${errorCode}: `));
    else expect(events.at(-1)!.event).toBeUndefined();
  }, 60_000);
});
