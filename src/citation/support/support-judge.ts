import type { CatalogEntry, CitationCatalog } from '../citation-catalog.js';
import type { CitationSupportEntry } from '../citation-events.js';
import type { RawParagraph } from '../parser-events.js';
import { verifyQuote } from '../quote/quote-verifier.js';
import type { SupportPolicy, SupportSource, SupportVerifier } from './support-verifier.js';

export interface CitationChecks {
  /** `drop`: unsupported citations are taken out before numbering; `flag`: kept, marked unsupported. */
  policy: Exclude<SupportPolicy, 'off'>;
  verifier: SupportVerifier;
}

export interface JudgedParagraph {
  /** The ids that stay on the paragraph, in order. */
  kept: string[];
  /** One entry per kept id. */
  support: CitationSupportEntry[];
  supported: boolean;
}

/** At most this many sources are attributed to a paragraph the server cites on its own. */
const MAX_INFERRED = 3;

/**
 * Applies the support check to the citations of one answer, paragraph by paragraph, and counts what it found.
 * The verifier sees the source text the model was shown: the chunk, or the graph fact.
 */
export class SupportJudge {
  unsupportedCitations = 0;
  unverifiedQuotes = 0;
  supportedParagraphs = 0;

  constructor(
    private readonly catalog: CitationCatalog,
    private readonly checks: CitationChecks,
  ) {}

  judge(text: string, ids: readonly string[], quotes: RawParagraph['quotes'] = []): JudgedParagraph {
    const sources = ids.map((citationId) => ({ citationId, text: sourceText(this.catalog.get(citationId)!) }));
    const result = this.checks.verifier.check(text, sources);
    const entries = result.citations.map((citation): CitationSupportEntry => ({ ...citation }));
    for (const quote of quotes) {
      const entry = entries.find((candidate) => candidate.citationId === quote.citationId);
      const source = entry && this.catalog.get(entry.citationId);
      const found = source?.type === 'embedding' ? verifyQuote(quote.text, source.payload.text) : undefined;
      if (entry === undefined || found === undefined) {
        this.unverifiedQuotes++;
        continue;
      }
      // The exact words of the source, found where the model said: that is support, whatever the words' overlap.
      entry.quote = found;
      entry.verdict = 'supported';
    }
    const unsupported = entries.filter((entry) => entry.verdict === 'unsupported');
    this.unsupportedCitations += unsupported.length;
    let kept = entries;
    let supported = result.supported;
    if (this.checks.policy === 'drop' && unsupported.length > 0) {
      kept = entries.filter((entry) => entry.verdict === 'supported');
      supported = kept.length > 0 && this.checks.verifier.check(text, keptSources(sources, kept)).supported;
    }
    if (supported) this.supportedParagraphs++;
    return { kept: kept.map((entry) => entry.citationId), support: kept, supported };
  }

  /** The offered sources that support `text` on their own, best first: citations for a paragraph with none. */
  attribute(text: string): string[] {
    const candidates = this.catalog.entries.map((entry) => ({
      entry,
      support: this.checks.verifier.check(text, [{ citationId: entry.citationId, text: sourceText(entry) }])
        .citations[0]!,
    }));
    return candidates
      .filter((candidate) => candidate.support.verdict === 'supported')
      .sort((a, b) => b.support.score - a.support.score)
      .slice(0, MAX_INFERRED)
      .map((candidate) => candidate.entry.citationId);
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
