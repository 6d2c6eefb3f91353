import { FakeOpenAi } from './support/fake-openai.js';
import { startWithModel, type RunningApp } from './support/app.js';
import { ask, meta, named, readStream } from './support/sse-client.js';

/** Retrieval finds two documents of the sample knowledge base for this question: two sources to tell apart. */
const QUESTION = 'How are citation numbers given, and why does a streaming server send heartbeats?';
const NUMBERS_SENTENCE =
  'Citation numbers are given in the order sources are first cited, and a number never changes once it has been shown.';
const HEARTBEAT_SENTENCE = 'Proxies often close connections that stay silent for a while.';
/** The heartbeat sentence with its meaning turned: the source says otherwise. */
const DENIED_HEARTBEAT_SENTENCE = 'Proxies never close connections that stay silent for a while.';
const OFFERED = ['E1', 'E2', 'E3', 'E4', 'E5', 'E6', 'E7', 'E8'];

interface Ref {
  citationId: string;
  displayNumber: number;
  payload: { text: string; embeddingId: string };
}
interface Paragraph {
  paragraphIndex: number;
  text: string;
  citationIds: string[];
  citationNumbers: number[];
  support?: {
    citationId: string;
    score: number;
    verdict: string;
    evidence?: { spans: { start: number; end: number }[]; conflict?: { kind: string; claim: string; source: string } };
    quote?: { text: string; start: number; end: number };
  }[];
  verdict?: string;
  supported?: boolean;
  inferred?: boolean;
}

const refsOf = (events: Awaited<ReturnType<typeof ask>>['events']) =>
  named(events, '[CITATION_REF]').map((event) => JSON.parse(event.data) as Ref);
const paragraphsOf = (events: Awaited<ReturnType<typeof ask>>['events']) =>
  named(events, '[CITATION_PARAGRAPH]').map((event) => JSON.parse(event.data) as Paragraph);
/** A paragraph citing every id the server might offer, so the check alone decides which stay. */
const citingAll = (text: string, extra: Record<string, unknown> = {}) => ({ text, citationIds: OFFERED, ...extra });

async function getData<T>(server: RunningApp, token: string, path: string): Promise<T> {
  const response = await fetch(`${server.baseUrl}${path}`, { headers: { Authorization: token } });
  return ((await response.json()) as { data: T }).data;
}

describe('citations checked against their sources (flag policy, the default)', () => {
  const fake = new FakeOpenAi();
  let server: RunningApp;
  let token: string;
  let conversation: string;

  beforeAll(async () => {
    ({ server, token, conversation } = await startWithModel(fake, { ASK_RATE_LIMIT_PER_MINUTE: '1000' }));
  });

  afterAll(async () => {
    await server.close();
    await fake.stop();
  });

  it('judges every citation verified, unverified or contradicted, with evidence, counts them, and stores what it sent', async () => {
    fake.enqueue({
      content: JSON.stringify({ paragraphs: [citingAll(NUMBERS_SENTENCE), citingAll(DENIED_HEARTBEAT_SENTENCE)] }),
      delayMs: 1,
    });
    const reply = await ask(server.baseUrl, token, { conversationUuid: conversation, prompt: QUESTION });
    const refs = refsOf(reply.events);
    const [verified, contradicted] = paragraphsOf(reply.events);
    const holding = (sentence: string) => refs.find((ref) => ref.payload.text.includes(sentence))!;
    const numbersRef = holding(NUMBERS_SENTENCE);
    const heartbeatRef = holding(HEARTBEAT_SENTENCE);
    expect(verified!.support!.map((entry) => entry.citationId)).toEqual(verified!.citationIds);
    for (const entry of verified!.support!) {
      expect(entry.verdict).toBe(entry.citationId === numbersRef.citationId ? 'verified' : 'unverified');
      expect(entry.score).toBeGreaterThanOrEqual(0);
      expect(entry.score).toBeLessThanOrEqual(1);
    }
    expect(verified).toMatchObject({ verdict: 'verified', supported: true, inferred: false });
    // The evidence points at the source's sentence the paragraph repeats.
    const [span] = verified!.support!.find((entry) => entry.verdict === 'verified')!.evidence!.spans;
    expect(numbersRef.payload.text.slice(span!.start, span!.end)).toContain(NUMBERS_SENTENCE);

    // Flagged, not dropped: the contradicted citation stays, saying what disagrees.
    const denied = contradicted!.support!.find((entry) => entry.citationId === heartbeatRef.citationId)!;
    expect(denied.verdict).toBe('contradicted');
    expect(denied.evidence!.conflict).toMatchObject({ kind: 'negation' });
    expect(denied.evidence!.conflict!.source).toContain('often');
    expect(contradicted).toMatchObject({ verdict: 'contradicted', supported: false });

    const cited = verified!.citationIds.length + contradicted!.citationIds.length;
    const answer = meta(reply.events).answer!;
    const counts = {
      verifiedCitationCount: 1,
      unverifiedCitationCount: cited - 2,
      contradictedCitationCount: 1,
      verifiedParagraphCount: 1,
      contradictedParagraphCount: 1,
      // Older names: contradicted citations, verified paragraphs.
      unsupportedCitationCount: 1,
      supportedParagraphCount: 1,
    };
    expect(answer).toMatchObject({ ...counts, inferredParagraphCount: 0, unverifiedQuoteCount: 0 });
    // [META] says refused and truncated only when they are true; [CITATION_DONE] always says them.
    expect(answer).not.toHaveProperty('refused');
    expect(answer).not.toHaveProperty('truncated');
    const done = JSON.parse(named(reply.events, '[CITATION_DONE]')[0]!.data) as Record<string, unknown>;
    expect(done).toMatchObject({
      ...counts,
      refused: false,
      truncated: false,
    });

    const view = await getData<{ paragraphs: unknown[] }>(
      server,
      token,
      `/conversation/message/citation/${answer.uuid as string}`,
    );
    expect(view.paragraphs).toEqual(paragraphsOf(reply.events));

    // The schema the model server was sent allows only the offered ids.
    type Schema = { properties: Record<string, Schema>; items: Schema; enum?: string[] };
    const request = fake.requests.at(-1)!.body as unknown as { response_format: { json_schema: { schema: Schema } } };
    const paragraphSchema = request.response_format.json_schema.schema.properties.paragraphs!.items;
    const ids = paragraphSchema.properties.citationIds!.items.enum;
    expect(ids).toEqual(expect.arrayContaining(refs.map((ref) => ref.citationId)));
  });

  it('marks an answer cut off by the token limit as truncated', async () => {
    fake.enqueue({
      content: '{"paragraphs":[{"text":"Citation numbers are given in the order',
      finishReason: 'length',
    });
    const reply = await ask(server.baseUrl, token, { conversationUuid: conversation, prompt: QUESTION });
    expect(meta(reply.events).answer).toMatchObject({ truncated: true });
    expect(JSON.parse(named(reply.events, '[CITATION_DONE]')[0]!.data)).toMatchObject({ truncated: true });
  });

  it('attributes the paragraphs of an answer whose format broke to the sources that support them', async () => {
    // Twice: the first broken attempt is dropped for a repair request, which breaks the same way.
    const prose = { content: `${NUMBERS_SENTENCE}\n\nBananas are yellow and grow in warm places.`, delayMs: 1 };
    fake.enqueue(prose, prose);
    const reply = await ask(server.baseUrl, token, { conversationUuid: conversation, prompt: QUESTION });
    const refs = refsOf(reply.events);
    const paragraphs = paragraphsOf(reply.events);
    expect(paragraphs.map((paragraph) => paragraph.inferred)).toEqual([true, true]);
    const cited = paragraphs[0]!.citationIds.map((id) => refs.find((ref) => ref.citationId === id)!.payload.text);
    expect(cited.length).toBeGreaterThan(0);
    expect(cited.some((text) => text.includes(NUMBERS_SENTENCE))).toBe(true);
    expect(paragraphs[1]!.citationIds).toEqual([]);
    expect(meta(reply.events).answer).toMatchObject({ inferredParagraphCount: 2, hasCitationError: true });
  });

  it('reports verdicts and their shares, illegal ids, refusals, inferred and truncated answers per model and day', async () => {
    const quality = await getData<{
      trust: Record<string, number>;
      byModel: Record<string, unknown>[];
      byDay: Record<string, unknown>[];
    }>(server, token, '/admin/citation/quality');
    expect(quality.trust.answers).toBe(3);
    // The first answer's two paragraphs: one verified and one contradicted citation, the others unverified.
    expect(quality.trust).toMatchObject({ contradictedCitations: 1, contradictedParagraphs: 1 });
    expect(quality.trust.verifiedCitations).toBeGreaterThanOrEqual(1);
    expect(quality.trust.unverifiedCitations).toBeGreaterThan(0);
    const judged = quality.trust.verifiedCitations! + quality.trust.unverifiedCitations! + 1;
    expect(quality.trust.verifiedShare).toBeCloseTo(quality.trust.verifiedCitations! / judged);
    expect(quality.trust.contradictedShare).toBeCloseTo(1 / judged);
    // Older names.
    expect(quality.trust).toMatchObject({
      unsupportedCitations: 1,
      supportRate: quality.trust.verifiedShare,
      supportedParagraphShare: quality.trust.verifiedParagraphShare,
    });
    expect(quality.trust).toMatchObject({ truncatedAnswers: 1, inferredAnswers: 1, refusals: 0 });
    // The answers cite E1…E8 whatever was offered: the ids beyond the offered ones are illegal.
    expect(quality.trust.illegalIds).toBeGreaterThan(0);
    expect(quality.byModel).toEqual([expect.objectContaining({ model: 'openai', answers: 3 })]);
    expect(quality.byDay).toEqual([
      expect.objectContaining({ day: new Date().toISOString().slice(0, 10), answers: 3 }),
    ]);
  });
});

describe('citations with the drop policy, quotes, a model verifier, refusals and conversation-wide numbers', () => {
  const fake = new FakeOpenAi();
  let server: RunningApp;
  let token: string;
  let conversation: string;

  beforeAll(async () => {
    ({ server, token, conversation } = await startWithModel(fake, {
      ASK_RATE_LIMIT_PER_MINUTE: '1000',
      CITATION_SUPPORT_POLICY: 'drop',
      CITATION_QUOTES: 'true',
      CITATION_VERIFIER: 'model',
      CITATION_NO_SOURCES: 'refuse',
      CITATION_NUMBERING_SCOPE: 'conversation',
    }));
  });

  afterAll(async () => {
    await server.close();
    await fake.stop();
  });

  const allSupported = JSON.stringify({
    verdicts: OFFERED.map((citationId) => ({ citationId, verdict: 'supported', score: 0.9 })),
  });

  it('drops contradicted citations, sends verified quotes with their span, and relays the verifier', async () => {
    const quotes = [
      ...OFFERED.map((citationId) => ({ citationId, text: 'a number never changes once it has been shown' })),
      { citationId: 'E1', text: 'Citations are printed in bold on every page.' },
    ];
    fake.enqueue(
      // The second sentence denies what the heartbeat source says: that source is dropped, the other one kept.
      {
        content: JSON.stringify({
          paragraphs: [citingAll(`${NUMBERS_SENTENCE} ${DENIED_HEARTBEAT_SENTENCE}`, { quotes })],
        }),
        delayMs: 1,
      },
      { content: allSupported },
    );
    const reply = await ask(server.baseUrl, token, { conversationUuid: conversation, prompt: QUESTION });
    const refs = refsOf(reply.events);
    const [paragraph] = paragraphsOf(reply.events);
    expect(paragraph!.citationIds).toHaveLength(1);
    expect(paragraph!.citationNumbers).toEqual([1]);
    const ref = refs.find((candidate) => candidate.citationId === paragraph!.citationIds[0])!;
    expect(ref.payload.text).toContain(NUMBERS_SENTENCE);
    const quote = paragraph!.support![0]!.quote!;
    expect(ref.payload.text.slice(quote.start, quote.end)).toBe('a number never changes once it has been shown');

    const answer = meta(reply.events).answer!;
    const offered = refs.length + (answer.unsupportedCitationCount as number);
    expect(offered).toBeGreaterThan(1);
    // Every quote but the one given for the source that holds it: other sources, ids not offered, the invented one.
    expect(answer).toMatchObject({ unverifiedQuoteCount: OFFERED.length });
    expect(fake.requests.at(-2)!.body.messages[0]!.content).toContain('"quotes"');

    const verdicts = named(reply.events, '[CITATION_VERDICT]').map((event) => JSON.parse(event.data) as unknown);
    expect(verdicts).toEqual([
      {
        paragraphIndex: 0,
        verifier: 'model',
        verdicts: [{ citationId: paragraph!.citationIds[0], verdict: 'verified', score: 0.9 }],
      },
    ]);
    const names = reply.events.map((event) => event.event);
    expect(names.indexOf('[CITATION_VERDICT]')).toBeGreaterThan(names.indexOf('[CITATION_PARAGRAPH]'));
    expect(names.indexOf('[CITATION_VERDICT]')).toBeLessThan(names.indexOf('[DONE]'));
    // Numbered like every event of the answer, and journaled: a replay from the start carries it with its id.
    expect(reply.events.map((event) => Number(event.id))).toEqual(reply.events.map((_, i) => i + 1));
    const replay = await readStream(
      await fetch(`${server.baseUrl}/conversation/message/stream/${answer.uuid as string}`, {
        headers: { Authorization: token, 'Last-Event-ID': '0' },
      }),
    );
    const sent = reply.events.find((event) => event.event === '[CITATION_VERDICT]')!;
    expect(replay.events.filter((event) => event.event === '[CITATION_VERDICT]')).toEqual([sent]);
  });

  it('asks the verifier but sends no verdict to a client that did not ask for citation events', async () => {
    fake.enqueue(
      { content: JSON.stringify({ paragraphs: [citingAll(NUMBERS_SENTENCE)] }), delayMs: 1 },
      { content: allSupported },
    );
    const before = fake.requests.length;
    const reply = await ask(
      server.baseUrl,
      token,
      { conversationUuid: conversation, prompt: QUESTION },
      undefined,
      true,
    );
    expect(fake.requests.length).toBe(before + 2);
    expect(reply.events.map((event) => event.event)).not.toContain('[CITATION_VERDICT]');
    expect(meta(reply.events).answer).toMatchObject({ supportedParagraphCount: 1 });
  });

  it('keeps a source’s number across the answers of a conversation and continues the sequence', async () => {
    fake.enqueue(
      {
        content: JSON.stringify({ paragraphs: [citingAll(HEARTBEAT_SENTENCE), citingAll(NUMBERS_SENTENCE)] }),
        delayMs: 1,
      },
      { content: allSupported },
      { content: allSupported },
    );
    const reply = await ask(server.baseUrl, token, { conversationUuid: conversation, prompt: QUESTION });
    const paragraphs = paragraphsOf(reply.events);
    // The number of the source each paragraph repeats: the heartbeat source is new, the other was cited before.
    const verifiedNumbers = paragraphs.map((paragraph) =>
      paragraph.citationNumbers.filter((_, i) => paragraph.support![i]!.verdict === 'verified'),
    );
    expect(verifiedNumbers).toEqual([[2], [1]]);
  });

  it('refuses without asking the model when no knowledge base offers anything', async () => {
    const created = await fetch(`${server.baseUrl}/conversation/add`, {
      method: 'POST',
      headers: { Authorization: token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'no knowledge', kbIds: [] }),
    });
    const empty = ((await created.json()) as { data: { uuid: string } }).data.uuid;
    const before = fake.requests.length;
    const reply = await ask(server.baseUrl, token, { conversationUuid: empty, prompt: '湖滨有轨电车什么时候开通？' });
    expect(fake.requests.length).toBe(before);
    const paragraphs = paragraphsOf(reply.events);
    expect(paragraphs).toHaveLength(1);
    expect(paragraphs[0]!.text).toContain('知识库中没有找到');
    expect(meta(reply.events).answer).toMatchObject({ refused: true, refCount: 0 });
  });
});
