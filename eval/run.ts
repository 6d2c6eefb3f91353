/**
 * The citation evaluation: `npm run eval`. Runs the labelled set in eval/set/ through the real citation
 * pipeline and prints its metrics; the last line is one JSON object. See docs/citations.md, "Evaluating citations".
 *   - the labelled (paragraph, chunk) pairs through the support check: unsupported-pair detection, per kind;
 *   - the claim set (claims.json, quotes.json) through the support and quote checks: the three verdicts per kind,
 *     flag and verified precision, per split (`-- --misses dev` or EVAL_MISSES=dev lists the misjudged pairs);
 *   - the questions through retrieval, the model (offline, or the configured OPENAI_* model) and the core;
 *   - the faulty model outputs replayed by a local fake OpenAI-compatible server through the OpenAI provider.
 * The summary's `quoteAccuracy` is the quote set's; the replayed outputs' is `outputQuoteAccuracy`.
 */
import { filter, lastValueFrom, map, tap, toArray, type Observable } from 'rxjs';
import type { CitationCatalog } from '../src/citation/citation-catalog.js';
import type { CitationParagraph, CitationStreamEvent, CitationSummary } from '../src/citation/citation-events.js';
import { citationStream } from '../src/citation/citation-stream.js';
import { ClaimSupportVerifier } from '../src/citation/support/claim-verifier.js';
import { createLateVerifier } from '../src/model/late-verifier.js';
import { sourceText } from '../src/citation/support/support-judge.js';
import type { ModelDelta, ModelProvider } from '../src/model/model-provider.js';
import { createModelProvider } from '../src/model/model.module.js';
import { loadConfig } from '../src/platform/config/app-config.js';
import { refusalDeltas, refusesWithoutSources } from '../src/model/refusal.js';
import { FakeOpenAi } from '../test/support/fake-openai.js';
import {
  batchTable,
  claimMetrics,
  headline,
  kindTable,
  misjudged,
  missesRequested,
  splitSummary,
} from './claim-metrics.js';
import { faultyOutputs } from './faulty-outputs.js';
import { chunksByKey, readSet } from './labelled-set.js';
import { catalogOf, retrieve } from './lexical-retrieval.js';
import { pairMetrics, share } from './pair-metrics.js';

interface Run {
  catalog: CitationCatalog;
  summary: CitationSummary;
  paragraphs: CitationParagraph[];
  finishReason?: string;
}

const verifier = new ClaimSupportVerifier();
const checks = { policy: 'flag' as const, verifier };
const print = (line: string) => process.stdout.write(`${line}\n`);

async function runThrough(deltas: Observable<ModelDelta>, catalog: CitationCatalog, refused = false): Promise<Run> {
  let finishReason: string | undefined;
  const events: CitationStreamEvent[] = await lastValueFrom(
    deltas.pipe(
      tap((delta) => {
        if (delta.type === 'finish') finishReason = delta.reason;
      }),
      filter((delta): delta is Extract<ModelDelta, { type: 'content' }> => delta.type === 'content'),
      map((delta) => delta.text),
      citationStream(catalog, { checks, refused }),
      toArray(),
    ),
  );
  const done = events.at(-1);
  if (done?.type !== 'done') throw new Error('the pipeline ended without a summary');
  const paragraphs = events.flatMap((event) => (event.type === 'paragraph' ? [event.paragraph] : []));
  return { catalog, summary: done.summary, paragraphs, ...(finishReason ? { finishReason } : {}) };
}

/** The model the service would use with this environment (offline without a server), unpaced and at temperature 0. */
function questionModel(): ModelProvider {
  return createModelProvider(
    loadConfig({ ...process.env, OFFLINE_CHUNK_SIZE: '24', OFFLINE_CHUNK_DELAY_MS: '0', OPENAI_TEMPERATURE: '0' }),
  );
}

/** ALCE-style: a paragraph's recall is whether its citations together support it; a citation is precise when it
 * supports the paragraph alone or the others do not without it (and the paragraph is supported at all). */
function alce(runs: readonly Run[]) {
  let paragraphs = 0;
  let recalled = 0;
  let citations = 0;
  let precise = 0;
  for (const run of runs) {
    if (run.summary.refused) continue;
    for (const paragraph of run.paragraphs) {
      if (paragraph.inferred) continue;
      paragraphs++;
      const sources = paragraph.citationIds.map((citationId) => ({
        citationId,
        text: sourceText(run.catalog.get(citationId)!),
      }));
      const supported = sources.length > 0 && verifier.check(paragraph.text, sources).verdict === 'verified';
      if (supported) recalled++;
      for (const source of sources) {
        citations++;
        if (!supported) continue;
        const alone = verifier.check(paragraph.text, [source]).verdict === 'verified';
        const others = sources.filter((other) => other !== source);
        const rest = others.length > 0 && verifier.check(paragraph.text, others).verdict === 'verified';
        if (alone || !rest) precise++;
      }
    }
  }
  return { citationRecall: share(recalled, paragraphs), citationPrecision: share(precise, citations), paragraphs };
}

/** The same measures with the model verifier as the judge: every citation judged supported, and per citation. */
async function modelJudge(runs: readonly Run[]) {
  const judge = createLateVerifier({
    kind: 'model',
    baseUrl: process.env.CITATION_VERIFIER_BASE_URL ?? process.env.OPENAI_BASE_URL ?? 'https://api.openai.com/v1',
    apiKey: process.env.CITATION_VERIFIER_API_KEY ?? process.env.OPENAI_API_KEY ?? 'not-needed',
    model: process.env.CITATION_VERIFIER_MODEL ?? process.env.OPENAI_MODEL ?? 'gpt-4o-mini',
    timeoutMs: 60_000,
  });
  let paragraphs = 0;
  let recalled = 0;
  let citations = 0;
  let supported = 0;
  for (const run of runs) {
    if (run.summary.refused) continue;
    for (const paragraph of run.paragraphs) {
      if (paragraph.inferred || paragraph.citationIds.length === 0) continue;
      const sources = paragraph.citationIds.map((citationId) => ({
        citationId,
        text: sourceText(run.catalog.get(citationId)!),
      }));
      const verdicts = await judge.verify(paragraph.text, sources);
      paragraphs++;
      citations += sources.length;
      const yes = verdicts.filter((verdict) => verdict.verdict === 'verified').length;
      supported += yes;
      if (yes === sources.length) recalled++;
    }
  }
  return { modelCitationRecall: share(recalled, paragraphs), modelCitationPrecision: share(supported, citations) };
}

async function main(): Promise<void> {
  const chunks = chunksByKey();

  const pairs = pairMetrics(verifier);
  print(`labelled pairs: ${pairs.pairs}`);
  print(
    `unsupported-pair detection: precision ${pairs.unsupportedDetectionPrecision}, recall ${pairs.unsupportedDetectionRecall}`,
  );
  for (const [kind, accuracy] of Object.entries(pairs.accuracyByKind)) print(`  ${kind.padEnd(18)} ${accuracy}`);

  const claims = claimMetrics(verifier);
  print(
    `claim pairs: ${claims.pairs} (dev ${claims.dev.pairs}, test ${claims.test.pairs}); ` +
      `verdicts: ${claims.verdicts.verified} verified, ${claims.verdicts.unverified} unverified, ${claims.verdicts.contradicted} contradicted`,
  );
  for (const line of kindTable(claims)) print(line);
  print(`holdout pairs: ${claims.holdout.pairs}`);
  for (const line of kindTable(claims.holdout)) print(line);
  print('claim pairs by batch:');
  for (const line of batchTable(claims)) print(line);
  print(`quotes: ${claims.quotes}, judged right: ${claims.quoteAccuracy}`);
  const misses = missesRequested();
  if (misses) for (const line of misjudged(claims, misses)) print(line);

  const { questions } = readSet<{ questions: { question: string; chunks: string[] }[] }>('questions.json');
  const model = questionModel();
  const questionRuns: (Run & { expected: string[] })[] = [];
  for (const { question, chunks: expected } of questions) {
    const catalog = retrieve(question, chunks);
    const refused = refusesWithoutSources(catalog, 'refuse');
    const deltas = refused ? refusalDeltas(question) : model.stream({ question, catalog, repair: false, quotes: true });
    questionRuns.push({ ...(await runThrough(deltas, catalog, refused)), expected });
  }
  const answerable = questionRuns.filter((run) => run.expected.length > 0);
  const unanswerable = questionRuns.filter((run) => run.expected.length === 0);
  const refusedRun = (run: Run) => run.summary.refused || run.paragraphs.every((p) => p.citationIds.length === 0);
  const retrievalRecall = share(
    answerable.filter((run) => run.expected.some((key) => run.catalog.get('E1') && isOffered(run, key))).length,
    answerable.length,
  );
  const refusalAccuracy = share(unanswerable.filter(refusedRun).length, unanswerable.length);
  const falseRefusals = share(answerable.filter(refusedRun).length, answerable.length);
  print(`questions: ${questions.length} (${model.name} model), ${unanswerable.length} unanswerable`);
  print(`retrieval found an answering chunk: ${retrievalRecall}; refusals on unanswerable: ${refusalAccuracy}`);
  print(`answerable questions refused: ${falseRefusals}`);

  const fake = new FakeOpenAi();
  await fake.start();
  const replay = createModelProvider(
    loadConfig({
      MODEL_PROVIDER: 'openai',
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_MODEL: 'replay',
      OPENAI_MAX_RETRIES: '0',
    }),
  );
  const outputs = faultyOutputs();
  const outputRuns: Run[] = [];
  try {
    for (const output of outputs) {
      fake.enqueue({ content: output.raw, finishReason: output.finishReason, chunkSizes: [7, 3, 11] });
      const catalog = catalogOf(output.offered, chunks);
      outputRuns.push(await runThrough(replay.stream({ question: output.name, catalog, repair: false }), catalog));
    }
  } finally {
    await fake.stop();
  }

  let quoteRight = 0;
  let quoteTotal = 0;
  let flaggedRight = 0;
  let flagged = 0;
  let unsupportedLabelled = 0;
  let truncatedRight = 0;
  outputs.forEach((output, i) => {
    const run = outputRuns[i]!;
    output.label.quotes.forEach((valid, q) => {
      quoteTotal++;
      if (Boolean(run.paragraphs[q]?.support?.[0]?.quote) === valid) quoteRight++;
    });
    const first = run.paragraphs[0];
    for (const entry of first?.support ?? []) {
      const unsupported = output.label.unsupportedIds.includes(entry.citationId);
      if (unsupported) unsupportedLabelled++;
      if (entry.verdict === 'contradicted') {
        flagged++;
        if (unsupported) flaggedRight++;
      }
    }
    if ((run.finishReason === 'length') === (output.fault === 'truncated')) truncatedRight++;
  });
  const allRuns = [...questionRuns, ...outputRuns];
  const formatCompliance = share(allRuns.filter((run) => run.summary.outcome === 'complete').length, allRuns.length);
  const dropped = allRuns.reduce((sum, run) => sum + run.summary.droppedCitationCount, 0);
  const kept = allRuns.reduce((sum, run) => sum + run.paragraphs.reduce((n, p) => n + p.citationIds.length, 0), 0);
  const illegalIdRate = share(dropped, dropped + kept);
  const expectedIllegal = outputs.reduce((sum, output) => sum + output.label.illegalIds, 0);
  const lexical = alce(allRuns);
  print(`model outputs replayed: ${outputs.length}; answers run in all: ${allRuns.length}`);
  print(
    `format compliance: ${formatCompliance}; illegal ids: ${dropped} of ${dropped + kept} (${expectedIllegal} planted)`,
  );
  print(
    `citations on replayed outputs flagged unsupported: ${flagged}, of which planted: ${flaggedRight} of ${unsupportedLabelled}`,
  );
  print(
    `quotes verified correctly: ${quoteRight} of ${quoteTotal}; truncation marked: ${truncatedRight} of ${outputs.length}`,
  );
  print(
    `lexical judge (ALCE): citation recall ${lexical.citationRecall}, precision ${lexical.citationPrecision} over ${lexical.paragraphs} paragraphs`,
  );
  const judged = process.env.CITATION_VERIFIER === 'model' ? await modelJudge(allRuns) : undefined;
  if (judged)
    print(`model judge: citation recall ${judged.modelCitationRecall}, precision ${judged.modelCitationPrecision}`);
  else print('model judge: not configured (set CITATION_VERIFIER=model and OPENAI_* or CITATION_VERIFIER_*)');

  const summary = {
    citationRecall: lexical.citationRecall,
    citationPrecision: lexical.citationPrecision,
    formatCompliance,
    illegalIdRate,
    unsupportedDetectionPrecision: pairs.unsupportedDetectionPrecision,
    unsupportedDetectionRecall: pairs.unsupportedDetectionRecall,
    outputQuoteAccuracy: share(quoteRight, quoteTotal),
    refusalAccuracy,
    outputUnsupportedDetectionPrecision: share(flaggedRight, flagged),
    outputUnsupportedDetectionRecall: share(flaggedRight, unsupportedLabelled),
    retrievalRecall,
    falseRefusalRate: falseRefusals,
    ...(judged ?? {}),
    accuracyByKind: pairs.accuracyByKind,
    ...headline(claims),
    flagRateByKind: claims.flagRateByKind,
    dev: splitSummary(claims.dev),
    test: splitSummary(claims.test),
    holdout: splitSummary(claims.holdout),
  };
  print(JSON.stringify(summary));
}

function isOffered(run: Run, key: string): boolean {
  return run.catalog.entries.some((entry) => entry.type === 'embedding' && entry.payload.embeddingId === key);
}

await main();
