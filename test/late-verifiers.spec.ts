import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { CitationCatalog } from '../src/citation/citation-catalog.js';
import type { CitationVerdict } from '../src/citation/citation-events.js';
import type { LateVerifier } from '../src/citation/support/model-verifier.js';
import type { NliVerifierSettings } from '../src/citation/support/late-verifiers.js';
import { NliVerifier } from '../src/model/nli-verifier.js';
import { VerdictRelay } from '../src/answer/verdict-relay.js';
import { createLateVerifier } from '../src/model/late-verifier.js';
import { FakeNli, type NliClass } from './support/fake-nli.js';
import { FakeOpenAi } from './support/fake-openai.js';

const TRAM = 'The lakeside tram opened in 2019. It runs every 10 minutes. Tickets cost 2 euros.';
const OTHER = 'The harbour ferry leaves at 9:00. It carries bicycles for free.';

/** Entailment for a claim the premise states word for word; the scripted pairs get their class. */
const byPairs =
  (scripted: [premise: string, claim: string, label: NliClass][] = []) =>
  (premise: string, claim: string): NliClass =>
    scripted.find(([p, c]) => premise.startsWith(p) && claim.startsWith(c))?.[2] ??
    (premise === claim ? 'entailment' : 'neutral');

const spansOf = (text: string, verdict: CitationVerdict['verdicts'][number]) =>
  verdict.evidence?.spans.map((span) => text.slice(span.start, span.end));

describe('NliVerifier against a Text Embeddings Inference /predict server', () => {
  const fake = new FakeNli();
  let settings: NliVerifierSettings;

  beforeAll(async () => {
    await fake.start();
    settings = {
      baseUrl: fake.baseUrl,
      timeoutMs: 2000,
      contradictionThreshold: 0.8,
      labelOrder: ['contradiction', 'entailment', 'neutral'],
    };
  });
  afterAll(() => fake.stop());

  const verify = (
    paragraph: string,
    sources = [{ citationId: 'E1', text: TRAM }],
    more: Partial<NliVerifierSettings> = {},
  ) => new NliVerifier({ ...settings, ...more }).verify(paragraph, sources);

  it('verifies a paragraph whose every sentence a source sentence entails, pointing at those sentences', async () => {
    fake.behaviour = { classify: byPairs() };
    const [verdict] = await verify('The lakeside tram opened in 2019. It runs every 10 minutes.');
    expect(verdict).toMatchObject({ citationId: 'E1', verdict: 'verified', score: 0.9 });
    expect(spansOf(TRAM, verdict!)).toEqual(['The lakeside tram opened in 2019.', 'It runs every 10 minutes.']);
    expect(fake.requests.at(-1)).toMatchObject({ truncate: true, raw_scores: false, authorization: undefined });
    // Every source sentence against every paragraph sentence, premise first.
    expect(fake.requests.at(-1)!.inputs).toHaveLength(3 * 2);
    expect(fake.requests.at(-1)!.inputs[0]).toEqual([
      'The lakeside tram opened in 2019.',
      'The lakeside tram opened in 2019.',
    ]);
  });

  it('leaves unverified a paragraph with a sentence no source entails', async () => {
    fake.behaviour = { classify: byPairs() };
    const [verdict] = await verify('The lakeside tram opened in 2019. It is the fastest tram in Europe.');
    expect(verdict).toMatchObject({ verdict: 'unverified' });
    expect(spansOf(TRAM, verdict!)).toEqual(['The lakeside tram opened in 2019.']);
  });

  it('finds a contradiction at or above the threshold, with the source sentence that contradicts', async () => {
    fake.behaviour = { classify: byPairs([['It runs every 10', 'It runs every 20', 'contradiction']]) };
    const [verdict] = await verify('The lakeside tram opened in 2019. It runs every 20 minutes.');
    expect(verdict).toMatchObject({ verdict: 'contradicted' });
    expect(spansOf(TRAM, verdict!)).toEqual(['It runs every 10 minutes.']);

    fake.behaviour = { ...fake.behaviour, confidence: 0.7 };
    const [unsure] = await verify('The lakeside tram opened in 2019. It runs every 20 minutes.');
    expect(unsure).toMatchObject({ verdict: 'unverified' });
  });

  it('verifies each of two sources that together entail every sentence; contradiction stays per source', async () => {
    fake.behaviour = { classify: byPairs([['It carries bicycles', 'It runs every 10', 'contradiction']]) };
    const sources = [
      { citationId: 'E1', text: TRAM },
      { citationId: 'E2', text: OTHER },
    ];
    const verdicts = await verify('The lakeside tram opened in 2019. The harbour ferry leaves at 9:00.', sources);
    expect(verdicts.map((verdict) => verdict.verdict)).toEqual(['verified', 'verified']);
    const mixed = await verify('It runs every 10 minutes. The harbour ferry leaves at 9:00.', sources);
    expect(mixed.map((verdict) => verdict.verdict)).toEqual(['verified', 'contradicted']);
    expect(spansOf(OTHER, mixed[1]!)).toEqual(['It carries bicycles for free.']);
  });

  it.each(['upper', 'indexed'] as const)('reads %s labels', async (labels) => {
    fake.behaviour = { classify: byPairs([['It runs every 10', 'It runs every 20', 'contradiction']]), labels };
    const [verdict] = await verify('It runs every 20 minutes.');
    expect(verdict).toMatchObject({ verdict: 'contradicted' });
  });

  it('maps LABEL_n by the configured order', async () => {
    // A server whose class 1 is contradiction: read with the default order, its contradictions look like entailment.
    fake.behaviour = { classify: byPairs([['It runs every 10', 'It runs every 20', 'entailment']]), labels: 'indexed' };
    const [verdict] = await verify('It runs every 20 minutes.', undefined, {
      labelOrder: ['entailment', 'contradiction', 'neutral'],
    });
    expect(verdict).toMatchObject({ verdict: 'contradicted' });
  });

  it('sends the key as a bearer token and no more pairs per request than the server takes', async () => {
    fake.behaviour = { classify: byPairs() };
    const before = fake.requests.length;
    const long = Array.from({ length: 20 }, (_, i) => `Stop ${i} has a shelter.`).join(' ');
    const [verdict] = await verify('Stop 3 has a shelter. Stop 7 has a shelter.', [{ citationId: 'E1', text: long }], {
      apiKey: 'nli-key',
    });
    expect(verdict).toMatchObject({ verdict: 'verified' });
    const sent = fake.requests.slice(before);
    expect(sent.map((request) => request.inputs.length)).toEqual([32, 8]);
    expect(sent.every((request) => request.authorization === 'Bearer nli-key')).toBe(true);
  });

  it.each([
    ['an HTTP 500', { failWith: 500 }, /HTTP 500/],
    ['a body that is not JSON', { garbage: true }, /JSON/],
    ['a request it never answers, past the timeout', { hang: true }, /timeout|aborted/i],
  ])('fails on %s', async (_, behaviour, message) => {
    fake.behaviour = { classify: byPairs(), ...behaviour };
    await expect(verify('It runs every 10 minutes.', undefined, { timeoutMs: 300 })).rejects.toThrow(message);
  });

  it('fails when nothing listens at the address', async () => {
    const closed = await freePort();
    const verifier = new NliVerifier({ ...settings, baseUrl: `http://127.0.0.1:${closed}` });
    await expect(verifier.verify('It runs every 10 minutes.', [{ citationId: 'E1', text: TRAM }])).rejects.toThrow();
  });
});

describe('the model verifier against an OpenAI-compatible server', () => {
  const fake = new FakeOpenAi();
  let verifier: LateVerifier;

  beforeAll(async () => {
    await fake.start();
    verifier = createLateVerifier({
      kind: 'model',
      baseUrl: fake.baseUrl,
      apiKey: 'k',
      model: 'judge',
      timeoutMs: 2000,
    });
  });
  afterAll(() => fake.stop());

  const sources = [
    { citationId: 'E1', text: TRAM },
    { citationId: 'E2', text: OTHER },
    { citationId: 'E3', text: 'Trams are green.' },
  ];

  it('asks once per paragraph for the three verdicts and reads them, with the conflict of a contradiction', async () => {
    fake.enqueue({
      content: JSON.stringify({
        verdicts: [
          {
            citationId: 'E1',
            verdict: 'contradicted',
            score: 0.05,
            conflict: { kind: 'number', claim: '20 minutes', source: '10 minutes' },
          },
          { citationId: 'e2', verdict: 'not enough information', score: 0.3 },
          { citationId: 'E3', verdict: 'entailed', score: 0.95 },
        ],
      }),
    });
    const before = fake.requests.length;
    const verdicts = await verifier.verify('It runs every 20 minutes, on green trams.', sources);
    expect(fake.requests.length).toBe(before + 1);
    expect(fake.requests.at(-1)!.body.messages[0]!.content).toContain('not enough information');
    expect(verdicts).toEqual([
      {
        citationId: 'E1',
        verdict: 'contradicted',
        score: 0.05,
        evidence: {
          spans: [{ start: TRAM.indexOf('10 minutes'), end: TRAM.indexOf('10 minutes') + '10 minutes'.length }],
          conflict: { kind: 'number', claim: '20 minutes', source: '10 minutes' },
        },
      },
      { citationId: 'E2', verdict: 'unverified', score: 0.3 },
      { citationId: 'E3', verdict: 'verified', score: 0.95 },
    ]);
  });

  it('drops a conflict whose kind is not one of number, unit, date, name, negation', async () => {
    fake.enqueue({
      content: `Here you go: {"verdicts":[{"citationId":"E1","verdict":"contradicted","conflict":{"kind":"tone","claim":"a","source":"b"}}]}`,
    });
    const verdicts = await verifier.verify('The tram is slow.', sources.slice(0, 1));
    expect(verdicts).toEqual([{ citationId: 'E1', verdict: 'contradicted', score: 0 }]);
  });
});

describe('VerdictRelay with a verifier that fails or is too slow', () => {
  const fake = new FakeNli();
  const catalog = new CitationCatalog([
    {
      citationId: 'E1',
      type: 'embedding',
      payload: { embeddingId: 'e1', text: TRAM, score: 1, kbUuid: 'k', kbItemUuid: 'i', title: 'Tram' },
    },
  ]);
  const paragraph = { paragraphIndex: 0, text: 'It runs every 10 minutes.', citationIds: ['E1'], citationNumbers: [1] };

  beforeAll(() => fake.start());
  afterAll(() => fake.stop());

  it.each([
    ['too slow', { hang: true }],
    ['failing', { failWith: 500 }],
  ])('logs a %s verifier, sends no verdict and lets the answer end', async (_, behaviour) => {
    fake.behaviour = { classify: () => 'entailment', ...behaviour };
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const emitted: CitationVerdict[] = [];
    const verifier = new NliVerifier({
      baseUrl: fake.baseUrl,
      timeoutMs: 300,
      contradictionThreshold: 0.8,
      labelOrder: ['contradiction', 'entailment', 'neutral'],
    });
    const relay = new VerdictRelay(verifier, catalog, (verdict) => emitted.push(verdict));
    relay.paragraph(paragraph);
    await expect(relay.settle()).resolves.toEqual([]);
    expect(emitted).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ paragraphIndex: 0 }));
    warn.mockRestore();
  });

  it('emits the verdict of a verifier that answers', async () => {
    fake.behaviour = { classify: () => 'entailment' };
    const emitted: CitationVerdict[] = [];
    const verifier = new NliVerifier({
      baseUrl: fake.baseUrl,
      timeoutMs: 2000,
      contradictionThreshold: 0.8,
      labelOrder: ['contradiction', 'entailment', 'neutral'],
    });
    const relay = new VerdictRelay(verifier, catalog, (verdict) => emitted.push(verdict));
    relay.paragraph(paragraph);
    const settled = await relay.settle();
    expect(settled).toEqual(emitted);
    expect(emitted).toEqual([
      {
        paragraphIndex: 0,
        verifier: 'nli',
        verdicts: [expect.objectContaining({ citationId: 'E1', verdict: 'verified' })],
      },
    ]);
  });
});

/** A port nothing listens on: bound, then released. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
