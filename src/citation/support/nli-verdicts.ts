import type { TextSpan as SentenceSpan } from '../../text/sentences.js';
import type { CitationSupport, SourceSpan } from './support-verifier.js';

/** An NLI classifier's probabilities for one (premise, hypothesis) pair. */
export interface NliScores {
  entailment: number;
  contradiction: number;
  neutral: number;
}

/** One cited source cut into sentences, with the scores of each (source sentence, claim) pair. */
export interface JudgedSource {
  citationId: string;
  sentences: readonly SentenceSpan[];
  /** `scores[s][c]`: source sentence `s` as premise, the paragraph's claim `c` as hypothesis. */
  scores: readonly (readonly NliScores[])[];
}

export interface NliRule {
  /** A claim is contradicted by a source when some sentence of it contradicts the claim with this probability. */
  contradictionThreshold: number;
}

/** The source sentence that best entails, and the one that most contradicts, one claim. */
interface ClaimMatch {
  /** The highest entailment probability of any sentence of the source. */
  entailment: number;
  /** The sentence that entails the claim most surely; undefined when none does. */
  entailedBy: SourceSpan | undefined;
  contradiction: number;
  contradictedBy: SourceSpan | undefined;
}

/**
 * The verdicts on a paragraph's citations from NLI scores. Per claim (a sentence of the paragraph), each source
 * counts with its best sentence: a claim is entailed by a source when, for some sentence of it, entailment is
 * the most probable label, and contradicted when some sentence contradicts it with at least the threshold.
 *   - `contradicted`: the source contradicts a claim (evidence: the contradicting sentences);
 *   - `verified`: every claim is entailed by one of the paragraph's cited sources, and this source entails at
 *     least one (a paragraph often rests one sentence on each source; evidence: the entailing sentences);
 *   - otherwise `unverified`.
 * The score is the mean, over claims, of the source's highest entailment probability.
 */
export function nliVerdicts(claimCount: number, sources: readonly JudgedSource[], rule: NliRule): CitationSupport[] {
  const matches = sources.map((source) => claimMatches(claimCount, source));
  const everyClaimEntailed = Array.from({ length: claimCount }, (_, claim) =>
    matches.some((perClaim) => perClaim[claim]!.entailedBy !== undefined),
  ).every(Boolean);
  return sources.map((source, i) => {
    const perClaim = matches[i]!;
    const score = claimCount === 0 ? 0 : perClaim.reduce((sum, match) => sum + match.entailment, 0) / claimCount;
    const contradicting = perClaim.filter((match) => match.contradiction >= rule.contradictionThreshold);
    const entailing = perClaim.filter((match) => match.entailedBy !== undefined);
    const rounded = Math.round(score * 1000) / 1000;
    if (contradicting.length > 0) {
      return withSpans(
        source.citationId,
        rounded,
        'contradicted',
        contradicting.map((match) => match.contradictedBy),
      );
    }
    const verdict = everyClaimEntailed && entailing.length > 0 ? 'verified' : 'unverified';
    return withSpans(
      source.citationId,
      rounded,
      verdict,
      entailing.map((match) => match.entailedBy),
    );
  });
}

function claimMatches(claimCount: number, source: JudgedSource): ClaimMatch[] {
  return Array.from({ length: claimCount }, (_, claim) => {
    const match: ClaimMatch = { entailment: 0, entailedBy: undefined, contradiction: 0, contradictedBy: undefined };
    let bestEntailing = 0;
    source.sentences.forEach((sentence, s) => {
      const scores = source.scores[s]![claim]!;
      match.entailment = Math.max(match.entailment, scores.entailment);
      const entails = scores.entailment > scores.contradiction && scores.entailment > scores.neutral;
      if (entails && scores.entailment > bestEntailing) {
        bestEntailing = scores.entailment;
        match.entailedBy = sentence;
      }
      if (scores.contradiction > match.contradiction) {
        match.contradiction = scores.contradiction;
        match.contradictedBy = sentence;
      }
    });
    return match;
  });
}

function withSpans(
  citationId: string,
  score: number,
  verdict: CitationSupport['verdict'],
  found: readonly (SourceSpan | undefined)[],
): CitationSupport {
  const unique = new Map<number, SourceSpan>();
  for (const span of found) if (span) unique.set(span.start, { start: span.start, end: span.end });
  const spans = [...unique.values()].sort((a, b) => a.start - b.start);
  return { citationId, score, verdict, ...(spans.length > 0 ? { evidence: { spans } } : {}) };
}
