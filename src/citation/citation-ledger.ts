import type { CitationCatalog } from './citation-catalog.js';
import type { CitationParagraph, CitationRef, CitationSummary } from './citation-events.js';
import type { NumberingStrategy } from './numbering.js';
import type { ParseOutcome, RawParagraph } from './parser-events.js';
import { SupportJudge, type CitationChecks } from './support/support-judge.js';
import type { SupportVerdict } from './support/support-verifier.js';

export type LedgerEvent = { type: 'ref'; ref: CitationRef } | { type: 'paragraph'; paragraph: CitationParagraph };

/**
 * Validates and numbers the citations of an answer, paragraph by paragraph. The server, not the model, decides
 * what is a real citation: only offered ids are kept, each once per paragraph, in the model's order; the rest
 * is dropped and counted. Ids named by markers in the text are added after the paragraph's own ids.
 */
export class CitationLedger {
  private readonly refs: CitationRef[] = [];
  private readonly cited = new Set<string>();
  /** Paragraphs are counted, not kept: whoever stores them keeps them, in the form it needs. */
  private paragraphCount = 0;
  private dropped = 0;
  private uncited = 0;
  private inferred = 0;
  private readonly judge: SupportJudge | undefined;

  constructor(
    private readonly catalog: CitationCatalog,
    private readonly numbering: NumberingStrategy,
    checks?: CitationChecks,
    private readonly refused = false,
  ) {
    this.judge = checks ? new SupportJudge(catalog, checks) : undefined;
  }

  /**
   * The events for one paragraph: a `ref` for each source cited for the first time, then the paragraph. With
   * support checks on, unsupported citations are dropped or flagged before any number is given.
   */
  accept(raw: RawParagraph): LedgerEvent[] {
    if (raw.text.trim().length === 0) return [];
    const ids = this.validIds(raw);
    const judged = this.judge?.judge(raw.text, ids, raw.quotes);
    return this.emit(raw.text, judged?.kept ?? ids, judged, false);
  }

  /**
   * A paragraph of plain text salvaged after the structure broke: cited with the offered sources that support
   * it, found by the same check, and marked inferred. Without support checks it is not a paragraph event.
   */
  acceptInferred(text: string): LedgerEvent[] {
    if (this.judge === undefined || text.trim().length === 0) return [];
    const judged = this.judge.judge(text, this.judge.attribute(text));
    this.inferred++;
    return this.emit(text, judged.kept, judged, true);
  }

  private emit(
    text: string,
    ids: string[],
    judged: { support: CitationParagraph['support']; verdict: SupportVerdict } | undefined,
    inferred: boolean,
  ): LedgerEvent[] {
    const events: LedgerEvent[] = [];
    const citationNumbers = ids.map((citationId) => {
      const displayNumber = this.numbering.numberFor(citationId);
      if (!this.cited.has(citationId)) {
        this.cited.add(citationId);
        const entry = this.catalog.get(citationId)!;
        const ref: CitationRef = { citationId, displayNumber, type: entry.type, payload: entry.payload };
        this.refs.push(ref);
        events.push({ type: 'ref', ref });
      }
      return displayNumber;
    });
    if (ids.length === 0 && !inferred) this.uncited++;
    const paragraph: CitationParagraph = {
      paragraphIndex: this.paragraphCount++,
      text,
      citationIds: ids,
      citationNumbers,
      ...(judged
        ? { support: judged.support, verdict: judged.verdict, supported: judged.verdict === 'verified', inferred }
        : {}),
    };
    events.push({ type: 'paragraph', paragraph });
    return events;
  }

  summary(outcome: ParseOutcome, answerText: string | undefined, reason?: string): CitationSummary {
    return {
      // Paragraphs the server attributed itself do not make a broken answer a paragraph-cited one for old clients.
      citationMode: this.paragraphCount > this.inferred ? 'paragraph' : 'answer',
      paragraphCount: this.paragraphCount,
      refCount: this.refs.length,
      hasCitationError: outcome !== 'complete',
      droppedCitationCount: this.dropped,
      uncitedParagraphCount: this.uncited,
      verifiedCitationCount: this.judge?.citations.verified ?? 0,
      unverifiedCitationCount: this.judge?.citations.unverified ?? 0,
      contradictedCitationCount: this.judge?.citations.contradicted ?? 0,
      verifiedParagraphCount: this.judge?.paragraphs.verified ?? 0,
      contradictedParagraphCount: this.judge?.paragraphs.contradicted ?? 0,
      inferredParagraphCount: this.inferred,
      unverifiedQuoteCount: this.judge?.unverifiedQuotes ?? 0,
      refused: this.refused,
      outcome,
      ...(reason === undefined ? {} : { reason }),
      ...(answerText === undefined ? {} : { answerText }),
      refs: [...this.refs],
    };
  }

  private validIds(raw: RawParagraph): string[] {
    const kept = new Set<string>();
    // The catalog's own id strings are kept, not the model's copies: one string per source, however often cited.
    for (const id of raw.citationIds) {
      const entry = id === undefined ? undefined : this.catalog.get(id);
      if (entry === undefined || kept.has(entry.citationId)) this.dropped++;
      else kept.add(entry.citationId);
    }
    // A marker naming an id already cited by this paragraph is the same citation written twice, not an error.
    for (const id of raw.markerIds) {
      const entry = id === undefined ? undefined : this.catalog.get(id);
      if (entry === undefined) this.dropped++;
      else kept.add(entry.citationId);
    }
    return [...kept];
  }
}
