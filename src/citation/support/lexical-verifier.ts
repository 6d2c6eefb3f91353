import {
  negationAgrees,
  profileSentence,
  profileText,
  splitSentences,
  termEpoch,
  type SentenceProfile,
  type TextProfile,
} from './text-profile.js';
import type {
  CitationSupport,
  ParagraphSupport,
  SourceSpan,
  SupportConflict,
  SupportSource,
  SupportVerdict,
  SupportVerifier,
} from './support-verifier.js';

export interface LexicalVerifierSettings {
  /** Share of a sentence's content terms the cited sources must hold for the sentence to be covered. */
  coverage: number;
}

export const DEFAULT_LEXICAL_SETTINGS: LexicalVerifierSettings = { coverage: 0.5 };

/** Why a sentence is not supported, for tests and the evaluation report. */
export type SentenceFault = 'uncovered' | 'number' | 'entity' | 'negation';

export interface SentenceJudgement {
  sentence: string;
  coverage: number;
  /** Whether any cited source is in the sentence's script; a sentence in another language is not judged by words. */
  judged: boolean;
  fault?: SentenceFault;
}

/**
 * The default support check: deterministic, no model, no network. Two parts, because word overlap alone passes
 * a sentence that keeps the source's words and changes one number, swaps one name or flips a negation:
 *   - coverage: per sentence, the share of its content terms (word stems; character pairs for Chinese and
 *     Japanese) that the cited sources hold;
 *   - grounding: every number, named entity and negation of the sentence must agree with the cited sources.
 * A sentence in a language none of its sources is written in cannot be judged by words: only its numbers are
 * checked, and otherwise it passes (a model verifier is the way to judge it).
 */
export class LexicalSupportVerifier implements SupportVerifier {
  private readonly profiles = new Map<string, TextProfile>();
  /**
   * The sentences of the last paragraph checked: a paragraph is checked again at once when its unsupported
   * citations are dropped, and once per offered source when the server attributes it.
   */
  private last: { paragraph: string; sentences: SentenceProfile[] } | undefined;
  /** The numbering of terms the kept profiles were made under. */
  private epoch = termEpoch();

  constructor(private readonly settings: LexicalVerifierSettings = DEFAULT_LEXICAL_SETTINGS) {}

  check(paragraph: string, sources: readonly SupportSource[]): ParagraphSupport {
    // Nothing cited, nothing to judge: such a paragraph is never supported, whatever its sentences say.
    if (sources.length === 0) return { citations: [], verdict: 'unverified' };
    this.keepEpoch();
    const profiles = sources.map((source) => this.profile(source.text));
    const sentences = this.sentences(paragraph);
    const judgements = sentences.map((sentence) => this.judge(sentence, profiles));
    // A citation verifies the paragraph when, on its own, it covers a sentence that nothing contradicts; it
    // contradicts it when a sentence it covers has a number, name or negation that disagrees with the sources.
    const citations: CitationSupport[] = sources.map((source, i) => {
      const profile = profiles[i]!;
      let score = 0;
      let conflict: SupportConflict | undefined;
      const aligned: SentenceProfile[] = [];
      for (let s = 0; s < sentences.length; s++) {
        const fault = judgements[s]!.fault;
        const sentence = sentences[s]!;
        const judged = sentence.cjk ? profile.cjk : profile.latin;
        const coverage = judged ? coverageOf(sentence, profile) : UNJUDGED_SCORE;
        const best = judged ? bestSentence(sentence, profile) : undefined;
        if (fault !== undefined && fault !== 'uncovered') {
          if (conflict === undefined && best !== undefined && coverage >= this.settings.coverage) {
            conflict = conflictOf(fault, sentence, best, profiles);
            aligned.push(best);
          }
          continue;
        }
        score = Math.max(score, coverage);
        if (best !== undefined && coverage >= this.settings.coverage) aligned.push(best);
      }
      const verdict: SupportVerdict = conflict
        ? 'contradicted'
        : score >= this.settings.coverage
          ? 'verified'
          : 'unverified';
      const spans = spansOf(source.text, aligned);
      const evidence = spans.length > 0 || conflict ? { spans, ...(conflict ? { conflict } : {}) } : undefined;
      return { citationId: source.citationId, score: round(score), verdict, ...(evidence ? { evidence } : {}) };
    });
    const supported = sources.length > 0 && judgements.every((judgement) => judgement.fault === undefined);
    const contradicted = citations.some((citation) => citation.verdict === 'contradicted');
    return { citations, verdict: contradicted ? 'contradicted' : supported ? 'verified' : 'unverified' };
  }

  /** Each sentence's judgement against the sources together: what the evaluation reports. */
  explain(paragraph: string, sources: readonly SupportSource[]): SentenceJudgement[] {
    this.keepEpoch();
    const profiles = sources.map((source) => this.profile(source.text));
    return this.sentences(paragraph).map((sentence) => this.judge(sentence, profiles));
  }

  /** Profiles made under another numbering of terms cannot be compared with new ones: they are let go. */
  private keepEpoch(): void {
    const epoch = termEpoch();
    if (epoch === this.epoch) return;
    this.epoch = epoch;
    this.profiles.clear();
    this.last = undefined;
  }

  private sentences(paragraph: string): SentenceProfile[] {
    if (this.last?.paragraph !== paragraph) {
      this.last = { paragraph, sentences: splitSentences(paragraph).map(profileSentence) };
    }
    return this.last.sentences;
  }

  private judge(sentence: SentenceProfile, sources: readonly TextProfile[]): SentenceJudgement {
    const text = sentence.text;
    const sameScript: TextProfile[] = [];
    for (const source of sources) if (sentence.cjk ? source.cjk : source.latin) sameScript.push(source);
    for (const number of sentence.numbers) {
      if (!sources.some((source) => source.numbers.has(number))) {
        return { sentence: text, coverage: 0, judged: sameScript.length > 0, fault: 'number' };
      }
    }
    if (sameScript.length === 0) {
      // Names written in Latin letters are written the same in any language: "PostgreSQL" in a Chinese source.
      for (const name of sentence.entities) {
        if (!(sentence.cjk ? isLatin(name) : isTechnicalName(name))) continue;
        if (!sources.some((source) => holdsEntity(source, name))) {
          return { sentence: text, coverage: 0, judged: false, fault: 'entity' };
        }
      }
      return { sentence: text, coverage: 0, judged: false };
    }
    const coverage =
      sameScript.length === 1 ? coverageOf(sentence, sameScript[0]!) : coverageOfAll(sentence, sameScript);
    for (const entity of sentence.entities) {
      if (!sameScript.some((source) => holdsEntity(source, entity))) {
        return { sentence: text, coverage, judged: true, fault: 'entity' };
      }
    }
    for (const source of sameScript) {
      if (!negationAgrees(sentence, source)) return { sentence: text, coverage, judged: true, fault: 'negation' };
    }
    if (coverage < this.settings.coverage) return { sentence: text, coverage, judged: true, fault: 'uncovered' };
    return { sentence: text, coverage, judged: true };
  }

  /** Sources are profiled once: the same chunk is cited by many paragraphs of an answer. */
  private profile(text: string): TextProfile {
    let profile = this.profiles.get(text);
    if (profile === undefined) {
      profile = profileText(text);
      if (this.profiles.size > 1_000) this.profiles.clear();
      this.profiles.set(text, profile);
    }
    return profile;
  }
}

/** The score of a citation in another language than the sentence: not judged, neither vouched for nor against. */
const UNJUDGED_SCORE = 0.5;

/** The share of the sentence's terms that one source holds. */
function coverageOf(sentence: SentenceProfile, source: TextProfile): number {
  const terms = sentence.terms;
  if (terms.length === 0) return 1;
  let held = 0;
  for (let i = 0; i < terms.length; i++) if (source.terms.has(terms[i]!)) held++;
  return held / terms.length;
}

/** The share of the sentence's terms that some source holds. */
function coverageOfAll(sentence: SentenceProfile, sources: readonly TextProfile[]): number {
  const terms = sentence.terms;
  if (terms.length === 0) return 1;
  let held = 0;
  for (let i = 0; i < terms.length; i++) {
    for (let s = 0; s < sources.length; s++) {
      if (sources[s]!.terms.has(terms[i]!)) {
        held++;
        break;
      }
    }
  }
  return held / terms.length;
}

function isLatin(word: string): boolean {
  return /^[a-z0-9-]+$/i.test(word);
}

/** Written like a product or protocol name: capitals or digits inside the word (PostgreSQL, GPT-4, HTTP). */
function isTechnicalName(word: string): boolean {
  return isLatin(word) && /\d|.\p{Lu}/u.test(word);
}

function holdsEntity(source: TextProfile, entity: string): boolean {
  const lower = entity.toLowerCase();
  return source.vocabulary.has(lower) || source.flat.includes(lower);
}

/** The source sentence sharing most of the sentence's terms; none when it shares none. */
function bestSentence(sentence: SentenceProfile, source: TextProfile): SentenceProfile | undefined {
  let best: SentenceProfile | undefined;
  let bestShared = 0;
  for (const candidate of source.sentences) {
    const own = new Set(candidate.terms);
    const shared = sentence.terms.filter((term) => own.has(term)).length;
    if (shared > bestShared) [best, bestShared] = [candidate, shared];
  }
  return best;
}

/** What disagrees between a faulty sentence and the source sentence it aligns with. */
function conflictOf(
  fault: 'number' | 'entity' | 'negation',
  sentence: SentenceProfile,
  aligned: SentenceProfile,
  sources: readonly TextProfile[],
): SupportConflict {
  switch (fault) {
    case 'number': {
      const claim = sentence.numbers.find((number) => !sources.some((source) => source.numbers.has(number)));
      const source = aligned.numbers.find((number) => !sentence.numbers.includes(number));
      return { kind: 'number', claim: claim ?? sentence.text, source: source ?? aligned.text };
    }
    case 'entity': {
      const claim = sentence.entities.find((entity) => !aligned.entities.includes(entity));
      const source = aligned.entities.find((entity) => !sentence.entities.includes(entity));
      return { kind: 'name', claim: claim ?? sentence.text, source: source ?? aligned.text };
    }
    case 'negation':
      return { kind: 'negation', claim: sentence.text, source: aligned.text };
  }
}

/** Where the aligned sentences are in the source's own text, in source order, each once. */
function spansOf(text: string, aligned: readonly SentenceProfile[]): SourceSpan[] {
  const spans = new Map<number, SourceSpan>();
  for (const sentence of aligned) {
    const start = text.indexOf(sentence.text);
    if (start >= 0) spans.set(start, { start, end: start + sentence.text.length });
  }
  return [...spans.values()].sort((a, b) => a.start - b.start);
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
