/**
 * The support check behind one port: does the text a citation is attached to say what the cited source says?
 * The pipeline asks it once per paragraph, synchronously, before the paragraph is sent; a stronger verifier
 * (a model, an NLI service) can replace or follow the default without the pipeline changing.
 */

/** One cited source as the verifier sees it. */
export interface SupportSource {
  citationId: string;
  text: string;
}

/**
 * What the check found, for a reader:
 *   - `verified`: every claim that rests on the source was found in it (the evidence says where);
 *   - `unverified`: the check cannot tell (a rewording it cannot match, another language, a claim the source
 *     does not speak to); nothing is wrong as far as the check can see;
 *   - `contradicted`: the source says otherwise (the evidence says which number, unit, date, name or negation
 *     disagrees with which source sentence).
 */
export type SupportVerdict = 'verified' | 'unverified' | 'contradicted';

/** What a contradiction is about. */
export type ConflictKind = 'number' | 'unit' | 'date' | 'name' | 'negation';

/** A span of the source's text: UTF-16 offsets, end exclusive, so that `text.slice(start, end)` gives it. */
export interface SourceSpan {
  start: number;
  end: number;
}

export interface SupportConflict {
  kind: ConflictKind;
  /** The paragraph's words that disagree ("9:00", "SHA-256", "a restart is needed"). */
  claim: string;
  /** The source's words they disagree with ("10:00", "SHA-1", "no restart is needed"). */
  source: string;
}

export interface SupportEvidence {
  /** The source sentences the paragraph's claims were aligned to, in source order. */
  spans: SourceSpan[];
  /** Only on `contradicted`: what disagrees. */
  conflict?: SupportConflict;
}

/** The verdict on one citation of a paragraph. */
export interface CitationSupport {
  citationId: string;
  /** How closely the paragraph's claims align with this source's sentences, 0–1. */
  score: number;
  verdict: SupportVerdict;
  /** Where the verdict comes from; absent when the source holds nothing the paragraph's claims align to. */
  evidence?: SupportEvidence;
}

export interface ParagraphSupport {
  /** One entry per source, in the order given. */
  citations: CitationSupport[];
  /**
   * `contradicted` when any cited source contradicts a claim of the paragraph; `verified` when every claim is
   * verified by a cited source; otherwise `unverified`.
   */
  verdict: SupportVerdict;
}

export interface SupportVerifier {
  check(paragraph: string, sources: readonly SupportSource[]): ParagraphSupport;
  /**
   * Reads the sources an answer may cite before the model writes, so that no paragraph waits while its source is
   * read for the first time.
   */
  prepare?(sources: readonly string[]): void;
}

/** What happens to a citation the verifier finds contradicted. */
export type SupportPolicy = 'drop' | 'flag' | 'off';
