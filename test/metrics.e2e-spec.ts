import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startApp, startWithModel, type ModelTestbed, type RunningApp } from './support/app.js';
import { FakeOpenAi } from './support/fake-openai.js';
import { ask } from './support/sse-client.js';

/** The value of one sample in Prometheus text, e.g. `citation_stream_asks_total{outcome="complete"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/**
 * The series docs/operations.md's Metrics section documents, from its table: `name{label}` rows name each value of the label
 * in backticks in their description; a histogram is its `_count` series.
 */
function documentedSeries(): string[] {
  const doc = readFileSync(join(process.cwd(), 'docs', 'operations.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Metrics'), doc.indexOf('\n## ', doc.indexOf('## Metrics') + 1));
  const series: string[] = [];
  for (const row of section.split('\n').filter((line) => line.startsWith('| `citation_stream_'))) {
    const [, metric, what] = row.split('|').map((cell) => cell.trim());
    const [, name, label] = /^`(\w+)(?:\{(\w+)\})?`$/.exec(metric!)!;
    if (label === undefined) series.push(what!.startsWith('histogram') ? `${name}_count` : name!);
    else for (const [, value] of what!.matchAll(/`(\w+)`/g)) series.push(`${name}{${label}="${value}"}`);
  }
  return series;
}

/** The service's own series in a Prometheus text (`_bucket` and `_sum` of histograms left out). */
function servedSeries(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('citation_stream_') && !/_(bucket|sum)[{ ]/.test(line))
    .map((line) => line.slice(0, line.lastIndexOf(' ')));
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

    const metricsText = async () => (await fetch(`${bed.server.baseUrl}/metrics`)).text();
    const RESULTS = ['emitted', 'dropped', 'inferred', 'verified', 'unverified', 'contradicted'];
    const citations = (text: string, result: string) =>
      sample(text, `citation_stream_citations_total{result="${result}"}`);

    it('has every citation result from the start, at zero', async () => {
      const text = await metricsText();
      expect(RESULTS.map((result) => citations(text, result))).toEqual(RESULTS.map(() => 0));
    });

    it('serves exactly the series docs/operations.md documents, every one from the start, counters at zero', async () => {
      const text = await metricsText();
      const documented = documentedSeries();
      expect(documented).toContain('citation_stream_asks_total{outcome="rejected"}');
      expect(servedSeries(text).sort()).toEqual([...documented].sort());
      for (const series of documented.filter((name) => !name.startsWith('citation_stream_db_pool_'))) {
        expect([series, sample(text, series)]).toEqual([series, 0]);
      }
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
      // Each emitted citation has one verdict.
      const judged = ['verified', 'unverified', 'contradicted'].map((result) => citations(text, result)!);
      expect(judged.reduce((sum, count) => sum + count, 0)).toBe(2);
    });

    it('counts citations by the support check’s verdict: one verified, one contradicted', async () => {
      const { server, token, conversation } = bed;
      const before = await metricsText();
      // Two sources of the sample knowledge base: the first sentence repeats one, the second denies the other.
      const paragraphs = [
        'Citation numbers are given in the order sources are first cited, and a number never changes once it has been shown.',
        'Proxies never close connections that stay silent for a while.',
      ];
      const citationIds = ['E1', 'E2', 'E3', 'E4', 'E5', 'E6', 'E7', 'E8'];
      fake.enqueue({ content: JSON.stringify({ paragraphs: paragraphs.map((text) => ({ text, citationIds })) }) });
      await ask(server.baseUrl, token, {
        conversationUuid: conversation,
        prompt: 'How are citation numbers given, and why does a streaming server send heartbeats?',
      });
      const after = await metricsText();
      const added = (result: string) => citations(after, result)! - citations(before, result)!;
      expect([added('verified'), added('contradicted')]).toEqual([1, 1]);
      expect(added('verified') + added('unverified') + added('contradicted')).toBe(added('emitted'));
    });
  });
});
