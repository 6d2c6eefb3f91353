import { catalogOf, loadModelOutputs, type ModelOutputCase } from './support/fixtures.js';
import { FakeOpenAi } from './support/fake-openai.js';
import { startWithModel, type RunningApp } from './support/app.js';
import { ask, legacyAnswerText, meta, named } from './support/sse-client.js';
import { runPipeline } from './support/run-pipeline.js';

/**
 * Every model-output fixture, replayed by a local OpenAI-compatible server in random chunks (each its own `data:`
 * line, so its own piece of text for the service, however fast they come), through the real HTTP endpoint, read by
 * a spec-compliant SSE client: the protocol's event order and framing hold, the text a legacy client rebuilds is
 * the answer text, and the citation events are what the core gives. Every other way to cut the same outputs is
 * run in-process by citation-fixtures.spec.ts.
 */
const fixtures = loadModelOutputs();
// A question that retrieves at least four chunks and the graph facts of the sample corpus, so that the
// fixtures' offered ids E1–E4, G1 and G2 are all offered.
const QUESTION = 'How do retrieval, chunks, paragraph-level citation numbers and streaming answers work?';

describe('POST /conversation/message/process replaying model outputs', () => {
  const fake = new FakeOpenAi();
  let server: RunningApp;
  let token: string;
  let conversation: string;

  beforeAll(async () => {
    ({ server, token, conversation } = await startWithModel(fake, {
      // Many questions a minute here; the limit itself is tested in shared-limits.
      ASK_RATE_LIMIT_PER_MINUTE: '1000',
      ASK_REPAIR_RETRY: 'false',
    }));
    // Offer more of the sample knowledge base than the defaults (3 chunks, within 0.6 of the best).
    const list = (await (
      await fetch(`${server.baseUrl}/conversation/list`, { headers: { Authorization: token } })
    ).json()) as {
      data: { kbIds: string[] }[];
    };
    await fetch(`${server.baseUrl}/knowledge-base/saveOrUpdate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: token },
      body: JSON.stringify({ id: list.data[0]!.kbIds[0], retrieveMaxResults: 6, retrieveMinScore: 0.01 }),
    });
  });

  afterAll(async () => {
    await server.close();
    await fake.stop();
  });

  it('offers the fixtures their ids', async () => {
    fake.enqueue({ content: '{"paragraphs":[]}' });
    await ask(server.baseUrl, token, { conversationUuid: conversation, prompt: QUESTION });
    const sources = fake.requests.at(-1)!.body.messages[1]!.content;
    for (const id of fixtures.offered) expect(sources).toContain(`[${id}]`);
  });

  it.each(fixtures.cases.map((fixture) => [fixture.name, fixture] as const))(
    '%s',
    async (_name, fixture: ModelOutputCase) => {
      fake.enqueue({ content: fixture.raw });
      const reply = await ask(server.baseUrl, token, { conversationUuid: conversation, prompt: QUESTION });

      expect(reply.status).toBe(200);
      expect(reply.contentType).toBe('text/event-stream');
      expect(reply.raw.startsWith('event:[START]\n')).toBe(true);

      const names = reply.events.map((event) => event.event ?? 'text');
      expect(names.slice(0, 3)).toEqual(['[START]', '[STATE_CHANGED]', '[STATE_CHANGED]']);
      expect(names.slice(-2)).toEqual(['[CITATION_DONE]', '[DONE]']);
      expect(
        names.slice(3, -2).every((name) => ['text', '[CITATION_REF]', '[CITATION_PARAGRAPH]'].includes(name)),
      ).toBe(true);

      // Paragraphs the server attributed itself after a break come on top of what the core alone gives.
      const paragraphs = named(reply.events, '[CITATION_PARAGRAPH]')
        .map((event) => JSON.parse(event.data) as { text: string; citationIds: string[]; inferred?: boolean })
        .filter((paragraph) => !paragraph.inferred);
      const plain = paragraphs.map(({ text, citationIds }) => ({ text, citationIds }));
      if (fixture.expect.paragraphs) expect(plain).toEqual(fixture.expect.paragraphs);
      if (fixture.expect.paragraphsPrefix)
        expect(plain.slice(0, fixture.expect.paragraphsPrefix.length)).toEqual(fixture.expect.paragraphsPrefix);

      // The core on the same output, with the same offered ids, gives the same answer text and summary.
      const refs = named(reply.events, '[CITATION_REF]').map(
        (event) => JSON.parse(event.data) as { citationId: string },
      );
      const core = await runPipeline([fixture.raw], catalogOf(fixtures.offered));
      const summary =
        core.at(-1)!.type === 'done'
          ? (core.at(-1) as Extract<(typeof core)[number], { type: 'done' }>).summary
          : undefined;
      expect(legacyAnswerText(reply.events)).toBe(summary!.answerText);
      const coreRefs = summary!.refs.map((ref) => ref.citationId);
      expect(refs.map((ref) => ref.citationId).slice(0, coreRefs.length)).toEqual(coreRefs);

      const done = JSON.parse(named(reply.events, '[CITATION_DONE]')[0]!.data) as Record<string, unknown>;
      expect((done.paragraphCount as number) - (done.inferredParagraphCount as number)).toBe(summary!.paragraphCount);
      expect(done.refCount).toBe(refs.length);
      expect(done).toMatchObject({
        citationMode: summary!.citationMode,
        hasCitationError: summary!.hasCitationError,
        refused: false,
        truncated: false,
      });
      const answer = meta(reply.events).answer!;
      expect(answer).toMatchObject({
        tokens: 40,
        citationMode: summary!.citationMode,
        droppedCitationCount: summary!.droppedCitationCount,
        uncitedParagraphCount: summary!.uncitedParagraphCount,
        isRefEmbedding: true,
        isRefGraph: true,
      });
      expect(answer.uuid).toMatch(/^[0-9a-f]{32}$/);
      expect(meta(reply.events).question).toMatchObject({ tokens: 140 });
    },
  );
});
