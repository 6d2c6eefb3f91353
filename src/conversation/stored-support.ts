import type { CitationParagraph, CitationSupportEntry } from '../citation/citation-events.js';
import type { CitationEntity, CitationParagraphEntity } from '../database/entities/index.js';

/**
 * The support fields of a stored paragraph, rebuilt from its paragraph and citation rows exactly as the
 * `[CITATION_PARAGRAPH]` event carried them: nothing when support checks were off.
 */
export function storedSupport(
  paragraph: CitationParagraphEntity,
  citationIds: readonly string[],
  citations: readonly CitationEntity[],
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
