import type { CitationVerdict } from '../citation/citation-events.js';
import type { LateVerifier } from '../citation/support/model-verifier.js';
import { nliVerdicts, type JudgedSource, type NliScores } from '../citation/support/nli-verdicts.js';
import { sentenceSpans } from '../text/sentences.js';
import type { SupportSource } from '../citation/support/support-verifier.js';
import { NLI_LABELS, type NliLabel, type NliVerifierSettings } from '../citation/support/late-verifiers.js';

/** Text Embeddings Inference refuses batches above its `--max-client-batch-size`, 32 unless raised. */
const PAIRS_PER_REQUEST = 32;

/**
 * The NLI verifier: a sequence-classification cross-encoder behind Text Embeddings Inference's `/predict`
 * route judges each (source sentence, paragraph sentence) pair as entailment, neutral or contradiction.
 * All pairs of one paragraph go out at once, in batches the server accepts.
 */
export class NliVerifier implements LateVerifier {
  readonly name = 'nli';

  constructor(private readonly settings: NliVerifierSettings) {}

  async verify(
    paragraph: string,
    sources: readonly SupportSource[],
    signal?: AbortSignal,
  ): Promise<CitationVerdict['verdicts']> {
    const claims = sentenceSpans(paragraph).map((claim) => claim.text);
    const cut = sources.map((source) => ({ citationId: source.citationId, sentences: sentenceSpans(source.text) }));
    const pairs = cut.flatMap((source) =>
      source.sentences.flatMap((sentence) => claims.map((claim): [string, string] => [sentence.text, claim])),
    );
    if (pairs.length === 0) return [];
    const timeout = AbortSignal.timeout(this.settings.timeoutMs);
    const stop = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const batches: [string, string][][] = [];
    for (let i = 0; i < pairs.length; i += PAIRS_PER_REQUEST) batches.push(pairs.slice(i, i + PAIRS_PER_REQUEST));
    const scores = (await Promise.all(batches.map((batch) => this.predict(batch, stop)))).flat();
    let next = 0;
    const judged: JudgedSource[] = cut.map((source) => ({
      ...source,
      scores: source.sentences.map(() => claims.map(() => scores[next++]!)),
    }));
    return nliVerdicts(claims.length, judged, { contradictionThreshold: this.settings.contradictionThreshold });
  }

  private async predict(pairs: [string, string][], signal: AbortSignal): Promise<NliScores[]> {
    const response = await fetch(`${this.settings.baseUrl.replace(/\/+$/, '')}/predict`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(this.settings.apiKey ? { Authorization: `Bearer ${this.settings.apiKey}` } : {}),
      },
      // truncate: a long sentence is cut to the model's length instead of failing the whole batch.
      body: JSON.stringify({ inputs: pairs, truncate: true, raw_scores: false }),
      signal,
    });
    if (!response.ok) {
      throw new Error(`NLI server answered HTTP ${response.status}: ${(await response.text()).slice(0, 200)}`);
    }
    return readPredictions(await response.json(), pairs.length, this.settings.labelOrder);
  }
}

/**
 * The scores in a `/predict` answer: one list of `{label, score}` per pair, in the order asked. Labels are read
 * without regard to case; `LABEL_n` is the n-th label of `labelOrder`. Anything else is an error.
 */
export function readPredictions(body: unknown, pairCount: number, labelOrder: readonly NliLabel[]): NliScores[] {
  if (!Array.isArray(body) || body.length !== pairCount) {
    throw new Error(`NLI server answered ${describe(body)} for ${pairCount} pairs; expected one list per pair`);
  }
  return body.map((predictions: unknown) => {
    if (!Array.isArray(predictions)) throw new Error(`NLI server answered ${describe(predictions)} for a pair`);
    const scores: NliScores = { entailment: 0, contradiction: 0, neutral: 0 };
    for (const prediction of predictions as { label?: unknown; score?: unknown }[]) {
      const label = labelOf(prediction?.label, labelOrder);
      if (!label || typeof prediction.score !== 'number') {
        throw new Error(`NLI server answered an unknown label or score: ${JSON.stringify(prediction)}`);
      }
      scores[label] = prediction.score;
    }
    return scores;
  });
}

function labelOf(raw: unknown, labelOrder: readonly NliLabel[]): NliLabel | undefined {
  if (typeof raw !== 'string') return undefined;
  const name = raw.trim().toLowerCase();
  if ((NLI_LABELS as readonly string[]).includes(name)) return name as NliLabel;
  const index = /^label_(\d+)$/.exec(name)?.[1];
  return index === undefined ? undefined : labelOrder[Number(index)];
}

function describe(value: unknown): string {
  return Array.isArray(value) ? `a list of ${value.length}` : typeof value;
}
