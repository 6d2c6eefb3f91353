import {
  alignWindow,
  bestBound,
  bindingScore,
  clauseCoverage,
  grounded,
  isName,
  sourceClauses,
} from './claim-alignment.js';
import { comparable } from './quantities.js';
import { crossLanguageConflict, findConflict, flipped, type FoundConflict } from './claim-conflicts.js';
import { anchorsOf, asSource, roleDoubt, type SourceProfile } from './claim-roles.js';
import { profileClaims, type ClaimSentence, type ClaimText } from './claim-profile.js';
import type {
  CitationSupport,
  ParagraphSupport,
  SourceSpan,
  SupportEvidence,
  SupportSource,
  SupportVerdict,
  SupportVerifier,
} from './support-verifier.js';

export interface ClaimVerifierSettings {
  /** Weighted share of a sentence's terms and numbers its aligned source sentences must hold to verify it. */
  coverage: number;
}

export const DEFAULT_CLAIM_SETTINGS: ClaimVerifierSettings = { coverage: 0.7 };

/** A clause must find this much of itself in one source clause for the sentence to be verified. */
const CLAUSE_COVERAGE = 0.5;
/** Below this, a sentence does not rest on the source at all: no evidence to show. */
const MIN_ALIGNMENT = 0.3;
/** Profiles kept for sources cited again; a source is profiled once however many paragraphs cite it. */
const KEPT_PROFILES = 512;

/** One sentence against one source. */
interface SentenceJudgement {
  verdict: SupportVerdict;
  coverage: number;
  spans: SourceSpan[];
  conflict?: FoundConflict['conflict'];
}

/**
 * The default support check: deterministic, no model, no network, well under a millisecond a paragraph. Each
 * sentence of the paragraph is aligned to the source sentences that hold its words; its numbers (with their
 * units and what they measure), dates, names and denials are then checked against the source clause they bind
 * to. A sentence is `verified` when its aligned sentences hold its words, numbers and names; `contradicted` when
 * a bound clause disagrees; otherwise `unverified`: a rewording the check cannot match, or a claim the source
 * does not speak to. A sentence in another language than its source is `unverified` unless a number plainly
 * disagrees.
 */
export class ClaimSupportVerifier implements SupportVerifier {
  private readonly profiles = new Map<string, SourceProfile>();
  /** The last paragraph read: a paragraph is checked again at once when the server attributes it, source by source. */
  private last: { text: string; profile: ClaimText } | undefined;

  constructor(private readonly settings: ClaimVerifierSettings = DEFAULT_CLAIM_SETTINGS) {}

  check(paragraph: string, sources: readonly SupportSource[]): ParagraphSupport {
    if (sources.length === 0) return { citations: [], verdict: 'unverified' };
    const profiles = sources.map((source) => this.profile(source.text));
    const claims = this.paragraph(paragraph, profiles).sentences.filter(hasClaim);
    const judged = profiles.map((source) => claims.map((claim) => this.judge(claim, source)));
    const verifiedBySome = claims.map((_, s) => judged.some((perSource) => perSource[s]!.verdict === 'verified'));
    const allVerified = claims.length > 0 && verifiedBySome.every(Boolean);
    const citations = sources.map((source, i): CitationSupport =>
      citationVerdict(source.citationId, judged[i]!, allVerified),
    );
    const verdict: SupportVerdict = citations.some((c) => c.verdict === 'contradicted')
      ? 'contradicted'
      : allVerified
        ? 'verified'
        : 'unverified';
    return { citations, verdict };
  }

  private judge(claim: ClaimSentence, source: SourceProfile): SentenceJudgement {
    if (claim.han !== source.han) {
      const found = crossLanguageConflict(claim, source);
      if (found) return contradiction(found, source);
      return { verdict: 'unverified', coverage: 0, spans: [] };
    }
    const window = alignWindow(claim, source);
    // A contradiction needs a sentence that rests on the source: a claim that shares little with it is about
    // something else, or said in words the check cannot bind.
    const found = window.coverage >= MIN_ALIGNMENT ? findConflict(claim, source, window) : undefined;
    if (found) return contradiction(found, source);
    const spans = window.coverage >= MIN_ALIGNMENT ? window.sentences.map((s) => spanOf(source.sentences[s]!)) : [];
    const verified = window.coverage >= this.settings.coverage && holdsEveryClaim(claim, source, window.sentences);
    return { verdict: verified ? 'verified' : 'unverified', coverage: window.coverage, spans };
  }

  prepare(sources: readonly string[]): void {
    for (const text of sources) this.profile(text);
  }

  /** A word's sense does not depend on the sources: the paragraph read against some is right against any. */
  private paragraph(text: string, sources: readonly ClaimText[]): ClaimText {
    if (this.last?.text !== text) this.last = { text, profile: profileClaims(text, sources) };
    return this.last.profile;
  }

  private profile(text: string): SourceProfile {
    let profile = this.profiles.get(text);
    if (profile === undefined) {
      profile = asSource(profileClaims(text));
      if (this.profiles.size >= KEPT_PROFILES) this.profiles.delete(this.profiles.keys().next().value!);
      this.profiles.set(text, profile);
    }
    return profile;
  }
}

/** A sentence with nothing to check ("In short:") neither verifies nor fails a paragraph. */
function hasClaim(sentence: ClaimSentence): boolean {
  return sentence.terms.size > 0 || sentence.quantities.length > 0;
}

/**
 * Whether the window verifies the sentence: every word of it (or a known rewording of the word) is in the window,
 * every number and name too, each bound to the clause its words bind it to and beside the same words; each clause
 * finds most of itself in one source clause, with the same polarity; a short clause that only qualifies its
 * sentence ("on a paid account") is said in the source sentence of the clause it qualifies. Anything less is
 * left unverified: a verdict of `verified` must be one the reader can rely on.
 */
function holdsEveryClaim(claim: ClaimSentence, source: SourceProfile, window: readonly number[]): boolean {
  const inWindow = window.map((s) => source.sentences[s]!);
  const heldQuantities = inWindow.flatMap((sentence) => sentence.quantities);
  if (!claim.quantities.every((quantity) => grounded(quantity, heldQuantities))) return false;
  for (const term of claim.terms) if (!inWindow.some((sentence) => sentence.terms.has(term))) return false;
  const anchors = claim.clauses.flatMap((clause) => anchorsOf(clause, (term) => isName(term, source)));
  if (roleDoubt(anchors, source.anchors)) return false;
  const windowClauses = sourceClauses(source).filter((clause) => window.includes(clause.sentence));
  const boundSentences: number[][] = [];
  for (const clause of claim.clauses) {
    // Each number must be in the clause its words bind it to: when the source gives the value to something
    // else, or the binding cannot tell which clause, the claim is not verified.
    for (const quantity of clause.quantities) {
      const holding = windowClauses.filter((candidate) =>
        candidate.clause.quantities.some((q) => comparable(quantity, q)),
      );
      if (holding.length < 2) continue;
      const { best } = bestBound(holding, (candidate) =>
        bindingScore(clause, candidate.clause, source, { polarity: true }),
      );
      if (best.length === 0 || !best.every((candidate) => grounded(quantity, candidate.clause.quantities)))
        return false;
    }
    for (const term of clause.terms) {
      if (isName(term, source) && !source.words.has(term.lower) && !source.terms.has(term.term)) return false;
    }
    if (clause.terms.length === 0) {
      boundSentences.push([]);
      continue;
    }
    const { best, score } = bestBound(windowClauses, (candidate) => clauseCoverage(clause, candidate.clause));
    if (clause.terms.length >= 2 && score < CLAUSE_COVERAGE) return false;
    // A denial or an opposite on one side only: not the same claim, even where the check cannot call it a
    // contradiction.
    if (best.some((candidate) => flipped(clause, candidate.clause) !== undefined)) return false;
    if (clause.terms.some((term) => term.cue > 0 && !best.some((c) => c.clause.termSet.has(term.term)))) return false;
    boundSentences.push(best.map((candidate) => candidate.sentence));
  }
  return qualifiersStayPut(claim, boundSentences);
}

/** A clause this short, without a number, qualifies its sentence rather than saying something of its own. */
const QUALIFIER_TERMS = 2;

function qualifiersStayPut(claim: ClaimSentence, bound: readonly number[][]): boolean {
  const main = claim.clauses
    .map((clause, i) => ({ clause, sentences: bound[i]! }))
    .filter(({ clause }) => clause.terms.length > QUALIFIER_TERMS || clause.quantities.length > 0);
  if (main.length === 0 || main.length === claim.clauses.length) return true;
  const mainSentences = new Set(main.flatMap(({ sentences }) => sentences));
  return claim.clauses.every(
    (clause, i) =>
      clause.terms.length === 0 ||
      clause.terms.length > QUALIFIER_TERMS ||
      clause.quantities.length > 0 ||
      bound[i]!.some((sentence) => mainSentences.has(sentence)),
  );
}

function contradiction(found: FoundConflict, source: ClaimText): SentenceJudgement {
  return {
    verdict: 'contradicted',
    coverage: 0,
    spans: [spanOf(source.sentences[found.sentence]!)],
    conflict: found.conflict,
  };
}

function spanOf(sentence: ClaimSentence): SourceSpan {
  return { start: sentence.start, end: sentence.end };
}

/**
 * A citation is contradicted when it contradicts any sentence; verified when it verifies a sentence and every
 * sentence is verified by some cited source; otherwise unverified.
 */
function citationVerdict(
  citationId: string,
  judged: readonly SentenceJudgement[],
  allVerified: boolean,
): CitationSupport {
  const score = round(Math.max(0, ...judged.map((judgement) => judgement.coverage)));
  const contradicted = judged.find((judgement) => judgement.verdict === 'contradicted');
  if (contradicted) {
    return { citationId, score, verdict: 'contradicted', evidence: evidenceOf([contradicted], contradicted.conflict) };
  }
  const verifying = judged.filter((judgement) => judgement.verdict === 'verified');
  const verdict: SupportVerdict = allVerified && verifying.length > 0 ? 'verified' : 'unverified';
  const evidence = evidenceOf(verdict === 'verified' ? verifying : judged);
  return { citationId, score, verdict, ...(evidence ? { evidence } : {}) };
}

function evidenceOf(
  judged: readonly SentenceJudgement[],
  conflict?: FoundConflict['conflict'],
): SupportEvidence | undefined {
  const spans = new Map<number, SourceSpan>();
  for (const judgement of judged) for (const span of judgement.spans) spans.set(span.start, span);
  if (spans.size === 0 && conflict === undefined) return undefined;
  return {
    spans: [...spans.values()].sort((a, b) => a.start - b.start),
    ...(conflict ? { conflict } : {}),
  };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
