import { connect } from 'node:net';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventSourceMessage } from 'eventsource-parser';
import pg from 'pg';
import { ADMIN } from './support/app.js';
import { FakeOpenAi, gate } from './support/fake-openai.js';
import { PostgresInstance } from './support/postgres-instance.js';
import { ServiceProcess } from './support/service-process.js';
import { followStream, readStream } from './support/sse-client.js';
import { stockAnswerText } from './support/stock-client.js';
import { eventWithin, waitFor } from './support/wait-for.js';

/**
 * The journal against real faults, with the service as a child process and a PostgreSQL server of the test's
 * own: the service killed mid-answer, the database stopped mid-answer, a client that never reads.
 */
const QUESTION = 'How are citation numbers given?';
/** A test for a stream's `until`: the reader has been shown the start of paragraph `index`. */
const shownParagraph = (index: number) => (_: EventSourceMessage, upToIt: readonly EventSourceMessage[]) =>
  stockAnswerText(upToIt).includes(`Paragraph ${index}:`);
/** The model held before paragraph `index` until `until`: the answer is still being written meanwhile. */
const holdBefore = (index: number, until: Promise<unknown>) => ({ before: `Paragraph ${index}:`, until });
const paragraphs = (count: number, words = 6) =>
  JSON.stringify({
    paragraphs: Array.from({ length: count }, (_, i) => ({
      text: `Paragraph ${i}: ${'a sentence of the answer '.repeat(words)}`,
      citationIds: [],
    })),
  });

describe('the answer journal under faults', () => {
  const fake = new FakeOpenAi();
  let postgres: PostgresInstance;
  let service: ServiceProcess;
  let db: pg.Client;
  let token: string;
  let conversation: string;
  let env: Record<string, string>;

  const login = async () => {
    const response = await fetch(`${service.baseUrl}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    token = ((await response.json()) as { data: { token: string } }).data.token;
    const list = await fetch(`${service.baseUrl}/conversation/list`, { headers: { Authorization: token } });
    conversation = ((await list.json()) as { data: { uuid: string }[] }).data[0]!.uuid;
  };
  const startAnswer = async (signal?: AbortSignal) => {
    const response = await fetch(`${service.baseUrl}/conversation/message/process`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: token },
      body: JSON.stringify({ conversationUuid: conversation, prompt: QUESTION }),
      ...(signal ? { signal } : {}),
    });
    return { answerUuid: response.headers.get('x-answer-uuid')!, response };
  };
  const answerRow = async (uuid: string) =>
    (
      await db.query<{ remark: string; answer_status: string }>(
        `SELECT remark, answer_status FROM adi_conversation_message WHERE uuid = $1`,
        [uuid],
      )
    ).rows[0];
  const storedParagraphs = async (uuid: string) => {
    const rows = await db.query<{ text: string; paragraph_count: number }>(
      `SELECT p.text, m.paragraph_count FROM adi_conversation_message m
         JOIN adi_conversation_message_citation_paragraph p ON p.message_id = m.id
        WHERE m.uuid = $1 ORDER BY p.paragraph_index`,
      [uuid],
    );
    return { texts: rows.rows.map((row) => row.text), count: rows.rows[0]?.paragraph_count };
  };
  const waitForStatus = (uuid: string, status: string) =>
    waitFor(
      async () => {
        const row = await answerRow(uuid).catch(() => undefined);
        return row?.answer_status === status && row;
      },
      { what: `answer ${uuid} to be stored as ${status}`, timeoutMs: 20_000, intervalMs: 100 },
    );

  beforeAll(async () => {
    await fake.start();
    postgres = await PostgresInstance.create();
    env = {
      DATABASE_URL: postgres.url,
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_MAX_RETRIES: '0',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ASK_RATE_LIMIT_PER_MINUTE: '1000',
      ASK_REPAIR_RETRY: 'false',
      ASK_LEASE_MS: '1500',
      JOURNAL_FLUSH_MS: '50',
      JOURNAL_STORE_RETRY_MS: '500',
      JOURNAL_SPILL_DIR: await mkdtemp(join(tmpdir(), 'answer-spill-')),
      SSE_MAX_UNSENT_BYTES: '65536',
      SSE_STALL_TIMEOUT_MS: '2000',
      ASK_MAX_ANSWER_CHARS: '100000000',
    };
    service = await ServiceProcess.start(env);
    db = new pg.Client({ connectionString: postgres.url });
    db.on('error', () => undefined);
    await db.connect();
    await login();
  }, 300_000);

  afterAll(async () => {
    await db?.end().catch(() => undefined);
    await service?.kill();
    await postgres?.destroy();
    await fake.stop();
  }, 60_000);

  it('keeps what was shown when the service is killed mid-answer, and frees the lock within a lease', async () => {
    // Never let go: the model is still writing when the service is killed.
    fake.enqueue({ content: paragraphs(30), chunkSizes: [8], holds: [holdBefore(5, gate().opened)] });
    const { answerUuid, response } = await startAnswer();
    // Read as it arrives, so that what came before the kill is known.
    const stream = followStream(response);
    await stream.until(shownParagraph(3), 'paragraph 3 shown');
    // The question and the streaming answer are stored before [START]; text follows as it is shown.
    expect((await answerRow(answerUuid))!.answer_status).toBe('streaming');
    await service.kill('SIGKILL');
    await stream.finished.catch(() => undefined);
    const seen = stockAnswerText(stream.events);
    expect(seen.length).toBeGreaterThan(0);
    service = await ServiceProcess.start(env);
    const row = await waitForStatus(answerUuid, 'interrupted');
    expect(row.remark.length).toBeGreaterThan(0);
    // Nothing the reader saw is lost: each event is stored before it is sent, so what is stored holds all that was
    // seen, and may go on with what was sent but not yet read when the service died.
    expect(row.remark.startsWith(seen)).toBe(true);
    // The paragraphs are stored as they were sent, at least those the reader saw whole, and the counts say so.
    const kept = await storedParagraphs(answerUuid);
    expect(kept.texts.length).toBeGreaterThanOrEqual(3);
    expect(kept.count).toBe(kept.texts.length);
    expect(row.remark.startsWith(kept.texts.join('\n\n'))).toBe(true);
    // The dead holder's lock is gone: the same user can ask again.
    fake.enqueue({ content: paragraphs(1) });
    const again = await readStream((await startAnswer()).response);
    expect(again.events.at(-1)!.event).toBe('[DONE]');
  }, 120_000);

  it('sends an event id only once its event is journaled: after SIGKILL, the replay holds every event the client saw', async () => {
    // Paragraph 3 comes in a burst, and the service is killed the moment the client has seen its start: the last
    // events sent are the newest, just as likely as any to be waiting for the journal.
    fake.enqueue({ content: paragraphs(30), chunkSizes: [8], holds: [holdBefore(4, gate().opened)] });
    const { answerUuid, response } = await startAnswer();
    const stream = followStream(response);
    const seen = stream.events;
    await stream.until(shownParagraph(3), 'paragraph 3 shown');
    await service.kill('SIGKILL');
    await stream.finished.catch(() => undefined);
    service = await ServiceProcess.start(env);
    await waitForStatus(answerUuid, 'interrupted');
    await login();
    const replay = await readStream(
      await fetch(`${service.baseUrl}/conversation/message/stream/${answerUuid}`, {
        headers: { Authorization: token },
      }),
    );
    // The last event the client got, id and text, is in the journal: a resume from it loses nothing.
    const kept = replay.events.slice(0, -1).map(({ id, event, data }) => ({ id, event, data }));
    const got = seen.map(({ id, event, data }) => ({ id, event, data }));
    expect(kept.slice(0, got.length)).toEqual(got);
    expect(replay.events.at(-1)!.data).toMatch(/^ANSWER_INTERRUPTED: /);
  }, 120_000);

  it('keeps every event the client saw when the service is killed while the database is away', async () => {
    // Held until the database is away, then again after paragraph 5: still writing when the service is killed.
    const databaseAway = gate();
    fake.enqueue({
      content: paragraphs(30),
      chunkSizes: [8],
      holds: [holdBefore(3, databaseAway.opened), holdBefore(6, gate().opened)],
    });
    const { answerUuid, response } = await startAnswer();
    const stream = followStream(response);
    const seen = stream.events;
    await stream.until(shownParagraph(2), 'paragraph 2 shown');
    await postgres.stop('immediate');
    databaseAway.open();
    // The stream goes on while the database is away: these events are journaled in the spill directory.
    await stream.until(shownParagraph(5), 'paragraph 5 shown, with the database away');
    await service.kill('SIGKILL');
    await stream.finished.catch(() => undefined);
    await postgres.start();
    await db.end().catch(() => undefined);
    db = new pg.Client({ connectionString: postgres.url });
    db.on('error', () => undefined);
    await db.connect();
    service = await ServiceProcess.start(env);
    await waitForStatus(answerUuid, 'interrupted');
    await login();
    const replay = await readStream(
      await fetch(`${service.baseUrl}/conversation/message/stream/${answerUuid}`, {
        headers: { Authorization: token },
      }),
    );
    const kept = replay.events.slice(0, -1).map(({ id, event, data }) => ({ id, event, data }));
    const got = seen.map(({ id, event, data }) => ({ id, event, data }));
    expect(kept.slice(0, got.length)).toEqual(got);
    expect((await answerRow(answerUuid))!.remark.startsWith(stockAnswerText(seen))).toBe(true);
  }, 120_000);

  it('goes on streaming while the database is down, keeps the answer, and stores it when the database is back', async () => {
    // Held until the database is away: the rest of the answer is written while it is down.
    const databaseAway = gate();
    fake.enqueue({ content: paragraphs(12), chunkSizes: [8], holds: [holdBefore(2, databaseAway.opened)] });
    const { answerUuid, response } = await startAnswer();
    const stream = followStream(response);
    await stream.until(shownParagraph(1), 'paragraph 1 shown');
    await postgres.stop('immediate');
    databaseAway.open();
    const reply = await stream.finished;
    // Every paragraph reached the reader; the end says it was not saved yet.
    expect(stockAnswerText(reply.events)).toContain('Paragraph 11:');
    expect(reply.events.at(-1)!.event).toBe('[ERROR]');
    expect(reply.events.at(-1)!.data).toMatch(/^ANSWER_NOT_SAVED: /);
    expect(service.logs).toMatch(/ECONNREFUSED|terminating connection|Connection terminated/);
    await postgres.start();
    await db.end().catch(() => undefined);
    db = new pg.Client({ connectionString: postgres.url });
    db.on('error', () => undefined);
    await db.connect();
    const row = await waitForStatus(answerUuid, 'complete');
    expect(row.remark).toBe(stockAnswerText(reply.events));
  }, 120_000);

  it('pauses the model for a client that never reads, drops it after the stall timeout, and keeps what it took', async () => {
    // Far more than the kernel's socket buffers on both sides can hold.
    const content = paragraphs(16000, 100);
    fake.enqueue({ content, chunkSizes: [4096] });
    const before = await service.rss();
    const lastId = (await db.query<{ id: string }>(`SELECT coalesce(max(id), 0) AS id FROM adi_conversation_message`))
      .rows[0]!.id;
    const { port } = new URL(service.baseUrl);
    const socket = connect(Number(port), '127.0.0.1');
    const body = JSON.stringify({ conversationUuid: conversation, prompt: QUESTION });
    socket.write(
      `POST /conversation/message/process HTTP/1.1\r\nHost: x\r\nAuthorization: ${token}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    socket.pause();
    let peak = before;
    // The service's memory is sampled at each look, until the answer is closed.
    const answerUuid = await waitFor(
      async () => {
        peak = Math.max(peak, await service.rss());
        const rows = await db.query<{ uuid: string }>(
          `SELECT uuid FROM adi_conversation_message WHERE message_role = 3 AND answer_status = 'interrupted' AND id > $1`,
          [lastId],
        );
        return rows.rows[0]?.uuid;
      },
      { what: "the non-reading client's answer to be stored as interrupted", timeoutMs: 30_000, intervalMs: 200 },
    );
    socket.destroy();
    const upstream = fake.requests.at(-1)!;
    await eventWithin(upstream.closed, { what: 'the model request to be closed', timeoutMs: 10_000 });
    const row = (await answerRow(answerUuid))!;
    // Only what the client took is kept, and the model was not read to the end.
    expect(row.remark.length).toBeGreaterThan(0);
    expect(row.remark.length).toBeLessThan(content.length / 2);
    // The paragraphs the client took are kept, and none that it did not take.
    const kept = await storedParagraphs(answerUuid);
    expect(kept.texts.length).toBeGreaterThan(0);
    expect(kept.count).toBe(kept.texts.length);
    expect(row.remark.startsWith(kept.texts.join('\n\n'))).toBe(true);
    expect(upstream.bytesTaken).toBeLessThan(content.length / 2);
    process.stdout.write(`non-reading client: service RSS ${before} → peak ${peak} bytes\n`);
    expect(peak - before).toBeLessThan(200 * 1024 * 1024);
  }, 120_000);
});
