import type { CitationParagraph, CitationSupportEntry } from '../citation/citation-events.js';
import type { CitationEntity, CitationParagraphEntity } from '../database/entities/index.js';

/** A stored citation's support columns: a conversation answer's and a Q&A answer's citation rows alike. */
export type StoredCitation = Pick<
  CitationEntity,
  'paragraphIndex' | 'citationId' | 'supportScore' | 'supportVerdict' | 'quoteText' | 'quoteStart' | 'quoteEnd'
>;

/**
 * The support fields of a stored paragraph, rebuilt from its paragraph and citation rows exactly as the
 * `[CITATION_PARAGRAPH]` event carried them (or, on the Q&A page, would have): nothing when support checks were off.
 */
export function storedSupport(
  paragraph: Pick<CitationParagraphEntity, 'paragraphIndex' | 'isSupported' | 'isInferred'>,
  citationIds: readonly string[],
  citations: readonly StoredCitation[],
): Pick<CitationParagraph, 'support' | 'supported' | 'inferred'> {
  if (paragraph.isSupported === null) return paragraph.isInferred ? { inferred: true } : {};
  const own = citations.filter((citation) => citation.paragraphIndex === paragraph.paragraphIndex);
  const support = citationIds.map((citationId): CitationSupportEntry => {
    const row = own.find((citation) => citation.citationId === citationId);
    const entry: CitationSupportEntry = {
      citationId,
      score: row?.supportScore ?? 0,
      verdict: row?.supportVerdict === 'supported' ? 'supported' : 'unsupported',
    };
    if (row?.quoteText != null && row.quoteStart != null && row.quoteEnd != null) {
      entry.quote = { text: row.quoteText, start: row.quoteStart, end: row.quoteEnd };
    }
    return entry;
  });
  return { support, supported: paragraph.isSupported, inferred: paragraph.isInferred };
}
