import { concatMap, delay, from, of, type Observable } from 'rxjs';
import type { CatalogEntry } from '../citation/citation-catalog.js';
import type { ParagraphsAnswer } from '../citation/answer-schema.js';
import { sentences } from '../text/sentences.js';
import { hasCjk, terms } from '../text/terms.js';
import { followUpQuery } from './follow-up.js';
import type { ModelDelta, ModelProvider, ModelRequest, OfferedModel } from './model-provider.js';
import { refusalText } from './refusal.js';
import type { OfflineSettings } from '../platform/config/app-config.js';

const MAX_SENTENCES = 6;
const MAX_SENTENCES_PER_SOURCE = 2;
/** Markdown heading lines of a source (chunks keep the document's line breaks). */
const HEADING_LINES = /^ {0,3}#{1,6}[ \t].*$/gm;
const MAX_GRAPH_FACTS = 3;

/**
 * The model used when none is configured: it answers from the retrieved sources alone. It picks the
 * sentences that share the most terms with the question, in the question's language, groups them into one
 * paragraph per source, cites that source, and streams the same JSON a model would, in small chunks. A
 * follow-up question is read together with the earlier questions it leans on, for retrieval and for picking.
 * Deterministic: the same question, history and sources give the same answer.
 */
export class OfflineProvider implements ModelProvider {
  readonly name = 'offline';
  /** One model; the ask accepts any name with it, this one included. */
  readonly models: readonly OfferedModel[] = [{ name: 'offline', title: 'Offline sample model' }];

  constructor(private readonly settings: OfflineSettings) {}

  stream(request: ModelRequest): Observable<ModelDelta> {
    const answer = JSON.stringify(composeAnswer(request));
    const chunks: ModelDelta[] = [];
    for (let at = 0; at < answer.length; at += this.settings.chunkSize) {
      chunks.push({ type: 'content', text: answer.slice(at, at + this.settings.chunkSize) });
    }
    const earlier = (request.history ?? []).map((turn) => turn.question + turn.answer).join('');
    const promptTokens =
      estimateTokens(request.question + (request.systemMessage ?? '') + earlier) + request.catalog.entries.length * 64;
    const completionTokens = estimateTokens(answer);
    chunks.push({
      type: 'finish',
      reason: 'stop',
      usage: { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens },
    });
    const pace = this.settings.chunkDelayMs;
    return from(chunks).pipe(concatMap((chunk) => (pace > 0 ? of(chunk).pipe(delay(pace)) : of(chunk))));
  }

  retrievalQuery(question: string, earlierQuestions: readonly string[]): string {
    return followUpQuery(question, earlierQuestions);
  }
}

function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export function composeAnswer({
  question,
  catalog,
  history,
  quotes,
}: Pick<ModelRequest, 'question' | 'catalog' | 'history' | 'quotes'>): ParagraphsAnswer {
  const chinese = hasCjk(question);
  const own = new Set(terms(question));
  const resolved = followUpQuery(
    question,
    (history ?? []).map((turn) => turn.question),
  );
  const wanted = new Set(terms(resolved));
  // The question's own words count twice: a follow-up is about its own subject first ("stored"), read in the
  // light of the earlier question ("citation numbers").
  const overlap = (text: string) =>
    [...new Set(terms(text))].reduce((score, term) => score + (own.has(term) ? 2 : wanted.has(term) ? 1 : 0), 0);

  const picked: { entry: CatalogEntry; sentence: string; score: number; order: number }[] = [];
  let order = 0;
  for (const entry of catalog.entries) {
    if (entry.type !== 'embedding') continue;
    // A heading names a section; it is not a sentence that answers anything.
    for (const sentence of sentences(entry.payload.text.replace(HEADING_LINES, ''))) {
      const score = overlap(sentence);
      if (score > 0 && hasCjk(sentence) === chinese) picked.push({ entry, sentence, score, order: order++ });
    }
  }
  const perSource = new Map<string, number>();
  const chosen = picked
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .filter(({ entry }) => {
      const count = perSource.get(entry.citationId) ?? 0;
      perSource.set(entry.citationId, count + 1);
      return count < MAX_SENTENCES_PER_SOURCE;
    })
    .slice(0, MAX_SENTENCES)
    .sort((a, b) => a.order - b.order);

  const paragraphs: ParagraphsAnswer['paragraphs'] = [];
  for (const entry of catalog.entries) {
    const own = chosen.filter((pick) => pick.entry === entry).map((pick) => pick.sentence);
    if (own.length === 0) continue;
    const citationIds = [entry.citationId];
    // The sentences are the source's own words, so the first is a quote that will be found in it.
    const quote = quotes ? { quotes: [{ citationId: entry.citationId, text: own[0]! }] } : {};
    paragraphs.push({ text: own.join(chinese ? '' : ' '), citationIds, ...quote });
  }
  const facts = catalog.entries
    .filter((entry) => entry.type === 'graph')
    .filter((entry) => overlap(factText(entry)) > 0)
    .slice(0, MAX_GRAPH_FACTS);
  if (facts.length > 0) {
    paragraphs.push({
      text: facts.map(factText).join(chinese ? '；' : ' '),
      citationIds: facts.map((f) => f.citationId),
    });
  }
  if (paragraphs.length === 0) {
    paragraphs.push({ text: refusalText(question), citationIds: [] });
  }
  return { paragraphs };
}

function factText(entry: CatalogEntry): string {
  if (entry.type !== 'graph') return '';
  const fact = entry.payload;
  return fact.kind === 'edge'
    ? `${fact.sourceName} ${fact.label} ${fact.targetName}: ${fact.description}`
    : `${fact.name}: ${fact.description}`;
}
