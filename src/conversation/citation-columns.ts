import type { CitationParagraph, CitationVerdict, trustCounts } from '../citation/citation-events.js';

/** What the support check counted, and whether the answer was a refusal or cut off by the token limit. */
export type TrustCounts = ReturnType<typeof trustCounts>;

/** The answer's support-check counts, as a storing statement's input; zero when the answer did not complete. */
export function trustRow(trust: TrustCounts | undefined) {
  return {
    unsupportedCitationCount: trust?.unsupportedCitationCount ?? 0,
    supportedParagraphCount: trust?.supportedParagraphCount ?? 0,
    inferredParagraphCount: trust?.inferredParagraphCount ?? 0,
    unverifiedQuoteCount: trust?.unverifiedQuoteCount ?? 0,
    refused: trust?.refused ?? false,
    truncated: trust?.truncated ?? false,
  };
}

/** A paragraph's own flags: supported as a whole (null when checks are off), and attributed by the server. */
export function paragraphFlags(paragraph: CitationParagraph) {
  return { supported: paragraph.supported ?? null, inferred: paragraph.inferred ?? false };
}

/** One citation's support columns: the check's verdict, its verified quote, the model verifier's verdict. */
export function supportColumns(paragraph: CitationParagraph, index: number, verdicts: readonly CitationVerdict[] = []) {
  const support = paragraph.support?.[index];
  const citationId = paragraph.citationIds[index];
  const judged = verdicts
    .find((verdict) => verdict.paragraphIndex === paragraph.paragraphIndex)
    ?.verdicts.find((verdict) => verdict.citationId === citationId);
  return {
    supportScore: support?.score ?? null,
    supportVerdict: support?.verdict ?? null,
    quoteText: support?.quote?.text ?? null,
    quoteStart: support?.quote?.start ?? null,
    quoteEnd: support?.quote?.end ?? null,
    modelVerdict: judged?.verdict ?? null,
    modelScore: judged?.score ?? null,
  };
}
