import type { CitationCatalog } from './citation-catalog.js';
import type { CitationParagraph, CitationRef, CitationSummary } from './citation-events.js';
import type { NumberingStrategy } from './numbering.js';
import type { ParseOutcome, RawParagraph } from './parser-events.js';

export type LedgerEvent = { type: 'ref'; ref: CitationRef } | { type: 'paragraph'; paragraph: CitationParagraph };

/**
 * Validates and numbers the citations of an answer, paragraph by paragraph. The server, not the model, decides
 * what is a real citation: only offered ids are kept, each once per paragraph, in the model's order; the rest
 * is dropped and counted. Ids named by markers in the text are added after the paragraph's own ids.
 */
export class CitationLedger {
  private readonly refs: CitationRef[] = [];
  private readonly cited = new Set<string>();
  private readonly paragraphs: CitationParagraph[] = [];
  private dropped = 0;
  private uncited = 0;

  constructor(
    private readonly catalog: CitationCatalog,
    private readonly numbering: NumberingStrategy,
  ) {}

  /** The events for one paragraph: a `ref` for each source cited for the first time, then the paragraph. */
  accept(raw: RawParagraph): LedgerEvent[] {
    if (raw.text.trim().length === 0) return [];
    const ids = this.validIds(raw);
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
    if (ids.length === 0) this.uncited++;
    const paragraph: CitationParagraph = {
      paragraphIndex: this.paragraphs.length,
      text: raw.text,
      citationIds: ids,
      citationNumbers,
    };
    this.paragraphs.push(paragraph);
    events.push({ type: 'paragraph', paragraph });
    return events;
  }

  summary(outcome: ParseOutcome, answerText: string, reason?: string): CitationSummary {
    return {
      citationMode: this.paragraphs.length > 0 ? 'paragraph' : 'answer',
      paragraphCount: this.paragraphs.length,
      refCount: this.refs.length,
      hasCitationError: outcome !== 'complete',
      droppedCitationCount: this.dropped,
      uncitedParagraphCount: this.uncited,
      outcome,
      ...(reason === undefined ? {} : { reason }),
      answerText,
      refs: [...this.refs],
      paragraphs: [...this.paragraphs],
    };
  }

  private validIds(raw: RawParagraph): string[] {
    const kept = new Set<string>();
    for (const id of raw.citationIds) {
      if (id === undefined || this.catalog.get(id) === undefined || kept.has(id)) this.dropped++;
      else kept.add(id);
    }
    // A marker naming an id already cited by this paragraph is the same citation written twice, not an error.
    for (const id of raw.markerIds) {
      if (id === undefined || this.catalog.get(id) === undefined) this.dropped++;
      else kept.add(id);
    }
    return [...kept];
  }
}
