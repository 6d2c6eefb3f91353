import { createParser, type EventSourceMessage } from 'eventsource-parser';
import pg from 'pg';
import { FakeNli } from './support/fake-nli.js';
import { FakeOpenAi } from './support/fake-openai.js';
import { startWithModel, type RunningApp } from './support/app.js';
import { ask, meta, named } from './support/sse-client.js';

/** Retrieval finds the sample knowledge base's document on citation numbers for this question. */
const QUESTION = 'How are citation numbers given, and why does a streaming server send heartbeats?';
const NUMBERS_SENTENCE =
  'Citation numbers are given in the order sources are first cited, and a number never changes once it has been shown.';
const OFFERED = ['E1', 'E2', 'E3', 'E4', 'E5', 'E6', 'E7', 'E8'];
const ANSWER = JSON.stringify({ paragraphs: [{ text: NUMBERS_SENTENCE, citationIds: OFFERED }] });

interface Verdict {
  paragraphIndex: number;
  verifier: string;
  verdicts: { citationId: string; verdict: string; score: number; evidence?: { spans: unknown[] } }[];
}
interface Ref {
  citationId: string;
  payload: { text: string };
}

describe('the NLI verifier behind the answer stream (CITATION_VERIFIER=nli)', () => {
  const model = new FakeOpenAi();
  const nli = new FakeNli();
  let server: RunningApp;
  let token: string;
  let conversation: string;

  beforeAll(async () => {
    await nli.start();
    ({ server, token, conversation } = await startWithModel(model, {
      ASK_RATE_LIMIT_PER_MINUTE: '1000',
      CITATION_VERIFIER: 'nli',
      CITATION_VERIFIER_BASE_URL: nli.baseUrl,
      CITATION_VERIFIER_TIMEOUT_MS: '1000',
    }));
  });

  afterAll(async () => {
    await server.close();
    await model.stop();
    await nli.stop();
  });

  /** The stored model verdict of each citation of an answer, by citation id. */
  async function storedVerdicts(answerUuid: string): Promise<Record<string, string | null>> {
    const client = new pg.Client({ connectionString: server.database!.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ citationId: string; modelVerdict: string | null }>(
        `SELECT c."citation_id" AS "citationId", c."model_verdict" AS "modelVerdict"
           FROM "adi_conversation_message_citation" c
           JOIN "adi_conversation_message" m ON m."id" = c."message_id"
          WHERE m."uuid" = $1`,
        [answerUuid],
      );
      return Object.fromEntries(rows.map((row) => [row.citationId, row.modelVerdict]));
    } finally {
      await client.end();
    }
  }

  it('sends each citation’s verdict after its paragraph, and stores it', async () => {
    // A source sentence entails the claim it states word for word; one about heartbeats contradicts it.
    nli.behaviour = {
      classify: (premise, claim) =>
        premise === claim ? 'entailment' : /heartbeat/i.test(premise) ? 'contradiction' : 'neutral',
    };
    model.enqueue({ content: ANSWER, delayMs: 1 });
    const reply = await ask(server.baseUrl, token, { conversationUuid: conversation, prompt: QUESTION });
    const refs = named(reply.events, '[CITATION_REF]').map((event) => JSON.parse(event.data) as Ref);
    const [verdict] = named(reply.events, '[CITATION_VERDICT]').map((event) => JSON.parse(event.data) as Verdict);
    expect(verdict).toMatchObject({ paragraphIndex: 0, verifier: 'nli' });
    const expected = Object.fromEntries(
      refs.map((ref) => [
        ref.citationId,
        /heartbeat/i.test(ref.payload.text)
          ? 'contradicted'
          : ref.payload.text.includes(NUMBERS_SENTENCE)
            ? 'verified'
            : 'unverified',
      ]),
    );
    expect(Object.values(expected)).toEqual(expect.arrayContaining(['verified', 'contradicted']));
    expect(Object.fromEntries(verdict!.verdicts.map((entry) => [entry.citationId, entry.verdict]))).toEqual(expected);
    const names = reply.events.map((event) => event.event);
    expect(names.indexOf('[CITATION_VERDICT]')).toBeGreaterThan(names.indexOf('[CITATION_PARAGRAPH]'));
    expect(names.indexOf('[CITATION_VERDICT]')).toBeLessThan(names.indexOf('[DONE]'));
    expect(await storedVerdicts(meta(reply.events).answer!.uuid as string)).toEqual(expected);
  });

  it.each([
    ['answers slower than its timeout', { hang: true }],
    ['answers HTTP 500', { failWith: 500 }],
    ['answers what is not JSON', { garbage: true }],
  ])('completes and stores the answer without a verdict when the NLI server %s', async (_, behaviour) => {
    nli.behaviour = { classify: () => 'entailment', ...behaviour };
    model.enqueue({ content: ANSWER, delayMs: 1 });
    const asked = nli.requests.length;
    const reply = await ask(server.baseUrl, token, { conversationUuid: conversation, prompt: QUESTION });
    expect(nli.requests.length).toBeGreaterThan(asked);
    const names = reply.events.map((event) => event.event);
    expect(names).toContain('[CITATION_PARAGRAPH]');
    expect(names).not.toContain('[CITATION_VERDICT]');
    expect(names.at(-1)).toBe('[DONE]');
    const stored = await storedVerdicts(meta(reply.events).answer!.uuid as string);
    expect(Object.keys(stored).length).toBeGreaterThan(0);
    expect(Object.values(stored).every((value) => value === null)).toBe(true);
  });

  it('sends the paragraph while the verifier is still working on it', async () => {
    let release!: () => void;
    nli.behaviour = { classify: () => 'entailment', hold: new Promise<void>((resolve) => (release = resolve)) };
    model.enqueue({ content: ANSWER, delayMs: 1 });
    const response = await fetch(`${server.baseUrl}/conversation/message/process`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: token, 'X-Citation-Events': 'paragraph' },
      body: JSON.stringify({ conversationUuid: conversation, prompt: QUESTION }),
    });
    const events: EventSourceMessage[] = [];
    // The verifier answers only once the client holds the paragraph: a stream that waited for it would stall.
    const parser = createParser({
      onEvent: (event) => {
        events.push(event);
        if (event.event === '[CITATION_PARAGRAPH]') release();
      },
    });
    const decoder = new TextDecoder();
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      parser.feed(decoder.decode(chunk, { stream: true }));
    }
    const names = events.map((event) => event.event);
    expect(names.indexOf('[CITATION_PARAGRAPH]')).toBeGreaterThan(-1);
    expect(names.indexOf('[CITATION_VERDICT]')).toBeGreaterThan(names.indexOf('[CITATION_PARAGRAPH]'));
    expect(names.at(-1)).toBe('[DONE]');
  });
});
