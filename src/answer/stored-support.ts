import type { CitationParagraph, CitationSupportEntry } from '../citation/citation-events.js';
import type { SupportVerdict } from '../citation/support/support-verifier.js';
import type { CitationEntity, CitationParagraphEntity } from '../platform/database/entities/index.js';

/** A stored citation's support columns: a conversation answer's and a Q&A answer's citation rows alike. */
export type StoredCitation = Pick<
  CitationEntity,
  | 'paragraphIndex'
  | 'citationId'
  | 'supportScore'
  | 'supportVerdict'
  | 'supportEvidence'
  | 'quoteText'
  | 'quoteStart'
  | 'quoteEnd'
>;

type StoredParagraph = Pick<
  CitationParagraphEntity,
  'paragraphIndex' | 'supportVerdict' | 'isSupported' | 'isInferred'
>;

const VERDICTS: ReadonlySet<string> = new Set<SupportVerdict>(['verified', 'unverified', 'contradicted']);

/**
 * A stored verdict as the check says it now. Rows stored when there were two verdicts hold 'supported' (found in
 * the source: verified) or 'unsupported', which the older check said whenever it could not match the words: it
 * never told a contradiction, so that reads as unverified.
 */
export function storedVerdict(stored: string | null | undefined): SupportVerdict {
  if (stored != null && VERDICTS.has(stored)) return stored as SupportVerdict;
  return stored === 'supported' ? 'verified' : 'unverified';
}

/** A stored paragraph's verdict: its own column, or, on a row stored before it existed, `is_supported`. */
function paragraphVerdict(paragraph: StoredParagraph): SupportVerdict {
  if (paragraph.supportVerdict !== null) return storedVerdict(paragraph.supportVerdict);
  return paragraph.isSupported === true ? 'verified' : 'unverified';
}

/**
 * The support fields of a stored paragraph, rebuilt from its paragraph and citation rows exactly as the
 * `[CITATION_PARAGRAPH]` event carried them (or, on the Q&A page, would have): nothing when support checks were off.
 */
export function storedSupport(
  paragraph: StoredParagraph,
  citationIds: readonly string[],
  citations: readonly StoredCitation[],
): Pick<CitationParagraph, 'support' | 'verdict' | 'supported' | 'inferred'> {
  if (paragraph.isSupported === null) return paragraph.isInferred ? { inferred: true } : {};
  const own = citations.filter((citation) => citation.paragraphIndex === paragraph.paragraphIndex);
  const support = citationIds.map((citationId): CitationSupportEntry => {
    const row = own.find((citation) => citation.citationId === citationId);
    const entry: CitationSupportEntry = {
      citationId,
      score: row?.supportScore ?? 0,
      verdict: storedVerdict(row?.supportVerdict),
    };
    if (row?.supportEvidence != null) entry.evidence = row.supportEvidence;
    if (row?.quoteText != null && row.quoteStart != null && row.quoteEnd != null) {
      entry.quote = { text: row.quoteText, start: row.quoteStart, end: row.quoteEnd };
    }
    return entry;
  });
  const verdict = paragraphVerdict(paragraph);
  return { support, verdict, supported: verdict === 'verified', inferred: paragraph.isInferred };
}
