import pg from 'pg';
import { loadModelOutputs } from './support/fixtures.js';
import { FakeOpenAi } from './support/fake-openai.js';
import { startWithModel, type RunningApp } from './support/app.js';
import { ask, named, type StreamedAnswer } from './support/sse-client.js';
import { parseWithFetchEventSource, stockAnswerText } from './support/stock-client.js';

/**
 * The stream as clients read it: the stock frontend's dispatch rule rebuilds exactly the stored answer, citation
 * events come only to clients that ask (and then all of them), no text from a model or an upstream server can
 * forge an event, and NUL or lone surrogates never cost an answer.
 */
const fixtures = loadModelOutputs();
const QUESTION = 'How do retrieval, chunks, paragraph-level citation numbers and streaming answers work?';
const CITATION_EVENTS = ['[CITATION_REF]', '[CITATION_PARAGRAPH]', '[CITATION_DONE]'];

describe('the answer stream as clients read it', () => {
  const fake = new FakeOpenAi();
  let server: RunningApp;
  let token: string;
  let conversation: string;
  let db: pg.Client;

  const storedAnswer = async (uuid: string) =>
    (
      await db.query<{ remark: string; answer_status: string; thinking_content: string }>(
        `SELECT remark, answer_status, thinking_content FROM adi_conversation_message WHERE uuid = $1`,
        [uuid],
      )
    ).rows[0]!;
  const answerUuidOf = (reply: StreamedAnswer) => reply.headers.get('x-answer-uuid')!;

  beforeAll(async () => {
    ({ server, token, conversation } = await startWithModel(fake, {
      ASK_RATE_LIMIT_PER_MINUTE: '1000',
      ASK_REPAIR_RETRY: 'false',
      // The model's chunks come as fast as the service takes them: the stored answer is still appended in many
      // flushes while a long one streams.
      JOURNAL_FLUSH_MS: '10',
    }));
    db = new pg.Client({ connectionString: server.database!.url });
    await db.connect();
  });

  afterAll(async () => {
    await db.end();
    await server.close();
    await fake.stop();
  });

  const cases = [
    ...fixtures.cases.map((fixture) => [fixture.name, fixture.raw] as const),
    [
      'a model that writes -_wrap_- itself',
      '{"paragraphs":[{"text":"-_wrap_-starts so\\n-_wrap_-\\nand -_wrap_- inside","citationIds":["E1"]},{"text":"-_wrap_-","citationIds":[]}]}',
    ] as const,
    ['plain text that writes -_wrap_-', '-_wrap_-not JSON\r\n-_wrap_--_wrap_-\rend'] as const,
  ];

  it.each(cases)(
    'without asking, "%s" has only legacy events, and the stock rule rebuilds the stored answer',
    async (_name, raw) => {
      fake.enqueue({ content: raw });
      const reply = await ask(
        server.baseUrl,
        token,
        { conversationUuid: conversation, prompt: QUESTION },
        undefined,
        true,
      );
      expect(reply.events.at(-1)!.event).toBe('[DONE]');
      for (const name of CITATION_EVENTS) expect(named(reply.events, name)).toEqual([]);
      const stored = await storedAnswer(answerUuidOf(reply));
      expect(stored.answer_status).toBe('complete');
      expect(stockAnswerText(reply.events)).toBe(stored.remark);
      // The stock frontend's own client reads the same.
      expect(stockAnswerText(await parseWithFetchEventSource(reply.raw))).toBe(stored.remark);
      // Ids: 1 for [START], one more per event.
      expect(reply.events.map((event) => event.id)).toEqual(reply.events.map((_, i) => String(i + 1)));
    },
  );

  it('sends every citation event to a client that asks, by body field or by header, and they match the stored view', async () => {
    const answer = fixtures.cases.find((fixture) => fixture.name.includes('clean'))?.raw ?? fixtures.cases[0]!.raw;
    for (const how of ['body', 'header'] as const) {
      fake.enqueue({ content: answer });
      const body = {
        conversationUuid: conversation,
        prompt: QUESTION,
        ...(how === 'body' ? { citationEvents: true } : {}),
      };
      const reply = await ask(server.baseUrl, token, body, undefined, how === 'body');
      const paragraphs = named(reply.events, '[CITATION_PARAGRAPH]').map((event) => JSON.parse(event.data) as unknown);
      const refs = named(reply.events, '[CITATION_REF]').map((event) => JSON.parse(event.data) as unknown);
      expect(named(reply.events, '[CITATION_DONE]')).toHaveLength(1);
      const view = (await (
        await fetch(`${server.baseUrl}/conversation/message/citation/${answerUuidOf(reply)}`, {
          headers: { Authorization: token },
        })
      ).json()) as { data: { paragraphs: unknown[]; refs: unknown[] } };
      expect(paragraphs.length).toBeGreaterThan(0);
      expect(paragraphs).toEqual(view.data.paragraphs);
      expect(refs).toEqual(view.data.refs);
    }
  });

  const FORGERY = '\r\revent:[DONE]\rdata:[META]{"forged":1}\r\r\r\nevent:[ERROR]\r\ndata:forged\n\nid:999\r\r';

  it.each([
    ['reasoning', { reasoning: `think${FORGERY}more`, content: '{"paragraphs":[{"text":"Fine.","citationIds":[]}]}' }],
    ['answer text', { content: `{"paragraphs":[{"text":${JSON.stringify(`A${FORGERY}B`)},"citationIds":[]}]}` }],
    ['answer text outside JSON', { content: `plain${FORGERY}text` }],
    ['an upstream error message', { failWith: { status: 500, message: `boom${FORGERY}` } }],
  ] as const)('forged events in %s reach no client as events', async (_path, script) => {
    fake.enqueue(script);
    const reply = await ask(
      server.baseUrl,
      token,
      { conversationUuid: conversation, prompt: QUESTION },
      undefined,
      true,
    );
    const byClient = {
      'eventsource-parser': reply.events.map((event) => ({ event: event.event ?? '', data: event.data, id: event.id })),
      'fetch-event-source': await parseWithFetchEventSource(reply.raw),
    };
    for (const events of Object.values(byClient)) {
      const terminal = events.filter((event) => event.event === '[DONE]' || event.event === '[ERROR]');
      expect(terminal).toHaveLength(1);
      expect(events.at(-1)).toBe(terminal[0]);
      expect(events.some((event) => event.data.includes('"forged"') && event.event === '[DONE]')).toBe(false);
      expect(events.map((event) => event.id)).toEqual(events.map((_, i) => String(i + 1)));
    }
    if ('failWith' in script) {
      expect(reply.events.at(-1)!.event).toBe('[ERROR]');
    } else {
      expect(reply.events.at(-1)!.event).toBe('[DONE]');
      const stored = await storedAnswer(answerUuidOf(reply));
      expect(stockAnswerText(reply.events)).toBe(stored.remark);
    }
  });

  it('shows lone surrogates in the prompt and NUL and lone surrogates in the model output as U+FFFD, and stores what it showed', async () => {
    const text = 'nul\u0000 high\ud800 low\udc00 pair😀 end';
    fake.enqueue({ content: `{"paragraphs":[{"text":${JSON.stringify(text)},"citationIds":[]}]}`, chunkSizes: [3] });
    fake.enqueue({ content: `raw ${text}`, chunkSizes: [2] });
    for (let i = 0; i < 2; i++) {
      const reply = await ask(
        server.baseUrl,
        token,
        { conversationUuid: conversation, prompt: `why\udc00\ud800?` },
        undefined,
        true,
      );
      expect(reply.events.at(-1)!.event).toBe('[DONE]');
      const stored = await storedAnswer(answerUuidOf(reply));
      expect(stored.answer_status).toBe('complete');
      expect(stored.remark).toContain('nul\ufffd high\ufffd low\ufffd pair😀 end');
      expect(stockAnswerText(reply.events)).toBe(stored.remark);
      const question = await db.query<{ remark: string }>(
        `SELECT q.remark FROM adi_conversation_message q JOIN adi_conversation_message a ON a.parent_message_id = q.id WHERE a.uuid = $1`,
        [answerUuidOf(reply)],
      );
      expect(question.rows[0]!.remark).toBe('why\ufffd\ufffd?');
    }
    // NUL in a question is refused before anything starts, as in every other input (PostgreSQL cannot store it).
    const refused = await fetch(`${server.baseUrl}/conversation/message/process`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: token },
      body: JSON.stringify({ conversationUuid: conversation, prompt: 'why\u0000?' }),
    });
    expect(refused.status).toBe(400);
    const envelope = (await refused.json()) as { code: string; message: string };
    expect(envelope.code).toBe('REQUEST_INVALID');
    expect(envelope.message).toContain('prompt');
  });
});
