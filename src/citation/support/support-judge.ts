import type { CatalogEntry, CitationCatalog } from '../citation-catalog.js';
import type { CitationSupportEntry } from '../citation-events.js';
import type { RawParagraph } from '../parser-events.js';
import { verifyQuote } from '../quote/quote-verifier.js';
import type {
  ParagraphSupport,
  SupportPolicy,
  SupportSource,
  SupportVerdict,
  SupportVerifier,
} from './support-verifier.js';

export interface CitationChecks {
  /** `drop`: contradicted citations are taken out before numbering; `flag`: kept, marked contradicted. */
  policy: Exclude<SupportPolicy, 'off'>;
  verifier: SupportVerifier;
  /** Told of a paragraph the verifier failed on: its citations are then left unverified. */
  onFailure?: (failure: { error: Error; paragraphLength: number }) => void;
}

export interface JudgedParagraph {
  /** The ids that stay on the paragraph, in order. */
  kept: string[];
  /** One entry per kept id. */
  support: CitationSupportEntry[];
  verdict: SupportVerdict;
}

/** At most this many sources are attributed to a paragraph the server cites on its own. */
const MAX_INFERRED = 3;

/**
 * Applies the support check to the citations of one answer, paragraph by paragraph, and counts what it found.
 * The verifier sees the source text the model was shown: the chunk, or the graph fact.
 */
export class SupportJudge {
  readonly citations: Record<SupportVerdict, number> = { verified: 0, unverified: 0, contradicted: 0 };
  readonly paragraphs: Record<SupportVerdict, number> = { verified: 0, unverified: 0, contradicted: 0 };
  unverifiedQuotes = 0;

  constructor(
    private readonly catalog: CitationCatalog,
    private readonly checks: CitationChecks,
  ) {
    checks.verifier.prepare?.(catalog.entries.map(sourceText));
  }

  judge(text: string, ids: readonly string[], quotes: RawParagraph['quotes'] = []): JudgedParagraph {
    const sources = ids.map((citationId) => ({ citationId, text: sourceText(this.catalog.get(citationId)!) }));
    const result = this.check(text, sources);
    const entries = result.citations.map((citation): CitationSupportEntry => ({ ...citation }));
    for (const quote of quotes) {
      const entry = entries.find((candidate) => candidate.citationId === quote.citationId);
      const source = entry && this.catalog.get(entry.citationId);
      const found = source?.type === 'embedding' ? verifyQuote(quote.text, source.payload.text) : undefined;
      if (entry === undefined || found === undefined) {
        this.unverifiedQuotes++;
        continue;
      }
      // A quote is the source's exact words: evidence of where the paragraph comes from, never a verdict on what
      // the paragraph says about them.
      entry.quote = found;
    }
    for (const entry of entries) this.citations[entry.verdict]++;
    let kept = entries;
    let verdict = result.verdict;
    if (this.checks.policy === 'drop' && entries.some((entry) => entry.verdict === 'contradicted')) {
      kept = entries.filter((entry) => entry.verdict !== 'contradicted');
      verdict = kept.length > 0 ? this.check(text, keptSources(sources, kept)).verdict : 'unverified';
    }
    this.paragraphs[verdict]++;
    return { kept: kept.map((entry) => entry.citationId), support: kept, verdict };
  }

  /** The offered sources that verify `text` on their own, best first: citations for a paragraph with none. */
  attribute(text: string): string[] {
    const candidates = this.catalog.entries.map((entry) => ({
      entry,
      support: this.check(text, [{ citationId: entry.citationId, text: sourceText(entry) }]).citations[0]!,
    }));
    return candidates
      .filter((candidate) => candidate.support.verdict === 'verified')
      .sort((a, b) => b.support.score - a.support.score)
      .slice(0, MAX_INFERRED)
      .map((candidate) => candidate.entry.citationId);
  }

  /**
   * The verifier's verdict, or none: the check reads whatever the model wrote, and a sentence it cannot read leaves
   * the paragraph's citations unjudged rather than ending the answer the reader is already reading.
   */
  private check(text: string, sources: readonly SupportSource[]): ParagraphSupport {
    try {
      return this.checks.verifier.check(text, sources);
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      this.checks.onFailure?.({ error: failure, paragraphLength: text.length });
      return {
        verdict: 'unverified',
        citations: sources.map((source) => ({ citationId: source.citationId, score: 0, verdict: 'unverified' })),
      };
    }
  }
}

function keptSources(sources: readonly SupportSource[], kept: readonly CitationSupportEntry[]): SupportSource[] {
  const ids = new Set(kept.map((entry) => entry.citationId));
  return sources.filter((source) => ids.has(source.citationId));
}

/** The text of a source as the model was shown it. */
export function sourceText(entry: CatalogEntry): string {
  if (entry.type === 'embedding') return entry.payload.text;
  const fact = entry.payload;
  return fact.kind === 'edge'
    ? `${fact.sourceName} ${fact.label} ${fact.targetName}: ${fact.description}`
    : `${fact.name}: ${fact.description}`;
}
