/**
 * The support check behind one port: does the text a citation is attached to say what the cited source says?
 * The pipeline asks it once per paragraph, synchronously, before the paragraph is sent; a stronger verifier
 * (a model, an NLI service) can replace the default without the pipeline changing.
 */

/** One cited source as the verifier sees it. */
export interface SupportSource {
  citationId: string;
  text: string;
}

export type SupportVerdict = 'supported' | 'unsupported';

/** The verdict on one citation of a paragraph. */
export interface CitationSupport {
  citationId: string;
  /** How much of the paragraph this source alone holds, 0–1. */
  score: number;
  verdict: SupportVerdict;
}

export interface ParagraphSupport {
  /** One entry per source, in the order given. */
  citations: CitationSupport[];
  /** Every sentence of the paragraph is covered by the sources together and none is contradicted. */
  supported: boolean;
}

export interface SupportVerifier {
  check(paragraph: string, sources: readonly SupportSource[]): ParagraphSupport;
}

/** What happens to a citation the verifier finds unsupported. */
export type SupportPolicy = 'drop' | 'flag' | 'off';
