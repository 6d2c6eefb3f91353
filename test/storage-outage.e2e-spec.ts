import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventSourceMessage } from 'eventsource-parser';
import { ADMIN } from './support/app.js';
import { FakeOpenAi, gate } from './support/fake-openai.js';
import { PostgresInstance } from './support/postgres-instance.js';
import { ServiceProcess } from './support/service-process.js';
import { followStream, readStream } from './support/sse-client.js';
import { waitFor } from './support/wait-for.js';

/**
 * A database outage as clients see it, with the service as a child process on a PostgreSQL server of the
 * test's own: routes say the storage is unavailable (never a bare 500), and readers following a live answer
 * keep their stream and catch up once the database is back.
 */
const QUESTION = 'How are citation numbers given?';
/** The model held before paragraph `index` until `until`: the answer is still being written meanwhile. */
const holdBefore = (index: number, until: Promise<unknown>) => ({ before: `Paragraph ${index}:`, until });
const paragraphs = (count: number) =>
  JSON.stringify({
    paragraphs: Array.from({ length: count }, (_, i) => ({
      text: `Paragraph ${i}: ${'a sentence of the answer '.repeat(6)}`,
      citationIds: [],
    })),
  });

describe('a database outage, as clients see it', () => {
  const fake = new FakeOpenAi();
  let postgres: PostgresInstance;
  let service: ServiceProcess;
  let token: string;
  let conversation: string;

  const get = (path: string) => fetch(`${service.baseUrl}${path}`, { headers: { Authorization: token } });
  const ask = (body: Record<string, unknown>, signal?: AbortSignal) =>
    fetch(`${service.baseUrl}/conversation/message/process`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: token },
      body: JSON.stringify({ conversationUuid: conversation, prompt: QUESTION, ...body }),
      ...(signal ? { signal } : {}),
    });

  const statusOf = (answerUuid: string, status: string) =>
    waitFor(
      async () => {
        const response = await get(`/conversation/${conversation}?maxMsgUuid=&pageSize=50`).catch(() => undefined);
        const history = (await response?.json().catch(() => undefined)) as
          { data?: { msgList: { children: { uuid: string; answerStatus?: string }[] }[] } } | undefined;
        const answers = history?.data?.msgList.flatMap((question) => question.children) ?? [];
        return answers.find((answer) => answer.uuid === answerUuid)?.answerStatus === status;
      },
      { what: `answer ${answerUuid} to be ${status}`, timeoutMs: 60_000, intervalMs: 100 },
    );

  beforeAll(async () => {
    await fake.start();
    postgres = await PostgresInstance.create();
    service = await ServiceProcess.start({
      DATABASE_URL: postgres.url,
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_MAX_RETRIES: '0',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ASK_RATE_LIMIT_PER_MINUTE: '1000',
      ASK_REPAIR_RETRY: 'false',
      ASK_LEASE_MS: '1500',
      ASK_RESUME_GRACE_MS: '60000',
      JOURNAL_FLUSH_MS: '50',
      JOURNAL_STORE_RETRY_MS: '500',
      JOURNAL_SPILL_DIR: await mkdtemp(join(tmpdir(), 'answer-spill-')),
    });
    const login = await fetch(`${service.baseUrl}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    token = ((await login.json()) as { data: { token: string } }).data.token;
    conversation = ((await (await get('/conversation/list')).json()) as { data: { uuid: string }[] }).data[0]!.uuid;
  }, 300_000);

  afterAll(async () => {
    await service?.kill();
    await postgres?.destroy();
    await fake.stop();
  }, 60_000);

  it('says the storage is unavailable on every route during an outage: 503 for JSON routes, STORAGE_FAILED before [START] for streams', async () => {
    await postgres.stop('immediate');
    try {
      const list = await get('/conversation/list');
      expect(list.status).toBe(503);
      expect(((await list.json()) as { code: string }).code).toBe('STORAGE_UNAVAILABLE');

      const asked = await ask({});
      expect(asked.status).toBe(200);
      expect(asked.headers.get('content-type')).toBe('text/event-stream');
      const refused = await readStream(asked);
      expect(refused.events).toHaveLength(1);
      expect(refused.events[0]!.event).toBe('[ERROR]');
      expect(refused.events[0]!.data).toMatch(/^STORAGE_FAILED: /);

      const resumed = await readStream(await get(`/conversation/message/stream/${'0'.repeat(32)}`));
      expect(resumed.events.map((event) => [event.event, event.data.split(':')[0]])).toEqual([
        ['[ERROR]', 'STORAGE_FAILED'],
      ]);
    } finally {
      await postgres.start();
    }
  }, 120_000);

  it('replays an answer that ended during an outage exactly as it was sent, and says it was saved since', async () => {
    // Held until the database is away: the rest of the answer, and its end, come during the outage.
    const databaseAway = gate();
    fake.enqueue({ content: paragraphs(12), chunkSizes: [8], holds: [holdBefore(2, databaseAway.opened)] });
    const asked = await ask({ citationEvents: true });
    const answerUuid = asked.headers.get('x-answer-uuid')!;
    const live = followStream(asked);
    await live.until((event) => event.event === '[CITATION_PARAGRAPH]', 'a first paragraph');
    await postgres.stop('immediate');
    databaseAway.open();
    const end = await live.until((event) => event.event === '[DONE]' || event.event === '[ERROR]', 'the end');
    await live.finished.catch(() => undefined);
    expect(end.data).toMatch(/^ANSWER_NOT_SAVED: /);
    // The end that was not sent is not in the stream: no [CITATION_DONE] before the [ERROR].
    expect(live.events.filter((event) => event.event === '[CITATION_DONE]')).toEqual([]);
    await postgres.start();
    // Saved from the spill directory once the database is back.
    await statusOf(answerUuid, 'complete');
    const response = await get(`/conversation/message/stream/${answerUuid}`);
    expect(response.headers.get('x-answer-status')).toBe('complete');
    const replay = await readStream(response);
    const sent = (events: readonly EventSourceMessage[]) => events.map(({ id, event, data }) => ({ id, event, data }));
    expect(sent(replay.events)).toEqual(sent(live.events));
  }, 120_000);

  it('keeps a follower of a live answer streaming through an outage: it catches up once the database is back, and a stop reaches it', async () => {
    // The model writes paragraphs 3 to 9 while the database is away, 10 to 39 once it is back, and is still
    // writing (held before paragraph 40) when the answer is stopped.
    const databaseAway = gate();
    const databaseBack = gate();
    fake.enqueue({
      content: paragraphs(80),
      chunkSizes: [8],
      holds: [holdBefore(3, databaseAway.opened), holdBefore(10, databaseBack.opened), holdBefore(40, gate().opened)],
    });
    const asker = new AbortController();
    const asked = await ask({ resumable: true, citationEvents: true }, asker.signal);
    const answerUuid = asked.headers.get('x-answer-uuid')!;
    const first = followStream(asked);
    await first.until((event) => event.event === '[CITATION_PARAGRAPH]', 'a first paragraph');
    asker.abort();
    await first.finished.catch(() => undefined);
    const follower = followStream(await get(`/conversation/message/stream/${answerUuid}`));
    await follower.until((event) => event.event === '[CITATION_PARAGRAPH]', 'a first paragraph');

    await postgres.stop('immediate');
    databaseAway.open();
    // The follower looked at the journal while the database was away.
    await service.logged(/resume waits for the database/);
    await postgres.start();
    databaseBack.open();
    const lastBefore = Number(follower.events.at(-1)!.id);
    // Events journaled after the outage reach the follower.
    await follower.until(
      (event) => event.event === '[CITATION_PARAGRAPH]' && Number(event.id) > lastBefore + 20,
      'a paragraph journaled after the outage',
    );
    const stop = await fetch(`${service.baseUrl}/conversation/message/stop/${answerUuid}`, {
      method: 'POST',
      headers: { Authorization: token },
    });
    expect(await stop.json()).toEqual({ success: true, data: true });
    const end = await follower.until((event) => event.event === '[DONE]' || event.event === '[ERROR]', 'the end');
    // An [ERROR] in place of the end says which error it was.
    expect(`${end.event} ${end.data}`).toMatch(/^\[DONE\] .*"stopped":true/);
    // Ids run on without a gap or a repeat: nothing was lost or sent twice across the outage.
    const ids = follower.events.map((event) => Number(event.id));
    expect(ids).toEqual(Array.from({ length: ids.length }, (_, i) => ids[0]! + i));
  }, 180_000);
});
