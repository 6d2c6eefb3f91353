import { startApp, startWithModel, type ModelTestbed, type RunningApp } from './support/app.js';
import { FakeOpenAi } from './support/fake-openai.js';
import { ask } from './support/sse-client.js';

/** The value of one sample in Prometheus text, e.g. `citation_stream_asks_total{outcome="complete"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  describe('when not enabled', () => {
    let server: RunningApp;
    beforeAll(async () => {
      server = await startApp({});
    });
    afterAll(async () => {
      await server.close();
    });

    it('is not there', async () => {
      expect((await fetch(`${server.baseUrl}/metrics`)).status).toBe(404);
    });
  });

  describe('with METRICS_ENABLED=true', () => {
    const fake = new FakeOpenAi();
    let bed: ModelTestbed;
    beforeAll(async () => {
      bed = await startWithModel(fake, { METRICS_ENABLED: 'true', ASK_REPAIR_RETRY: 'false' });
    });
    afterAll(async () => {
      await bed.server.close();
      await fake.stop();
    });

    it('counts asks by outcome, citations, fallbacks, tokens and latencies, in the Prometheus text format', async () => {
      const { server, token, conversation } = bed;
      const question = { conversationUuid: conversation, prompt: 'How are citation numbers given?' };
      fake.enqueue({ content: '{"paragraphs":[{"text":"Numbers come first.","citationIds":["E1","E99"]}]}' });
      await ask(server.baseUrl, token, question);
      fake.enqueue({ content: '{"paragraphs":[{"text":"Cited.","citationIds":["E1"]},{"text":"then not JSON' });
      await ask(server.baseUrl, token, question);
      await ask(server.baseUrl, token, { ...question, conversationUuid: 'f'.repeat(32) });

      const response = await fetch(`${server.baseUrl}/metrics`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await response.text();
      expect(sample(text, 'citation_stream_asks_total{outcome="complete"}')).toBe(2);
      expect(sample(text, 'citation_stream_asks_total{outcome="rejected"}')).toBe(1);
      expect(sample(text, 'citation_stream_citations_total{result="emitted"}')).toBe(2);
      expect(sample(text, 'citation_stream_citations_total{result="dropped"}')).toBe(1);
      expect(sample(text, 'citation_stream_fallbacks_total')).toBe(1);
      expect(sample(text, 'citation_stream_tokens_streamed_total')).toBe(80);
      expect(sample(text, 'citation_stream_model_first_token_seconds_count')).toBe(2);
      expect(sample(text, 'citation_stream_paragraph_send_seconds_count')).toBe(2);
      expect(sample(text, 'citation_stream_open_streams')).toBe(0);
      expect(sample(text, 'citation_stream_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    });
  });
});
